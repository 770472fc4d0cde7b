import { describe, expect, it } from 'vitest';
import { routeStatus } from './route-status';

describe('routeStatus', () => {
  it.each(['/no-such-page/', '/home/nope/', '/auth/nope/', '/%00/', '/customer/no-such-screen/'])(
    '%s is a 404',
    (url) => {
      expect(routeStatus(url)).toBe(404);
    },
  );

  it.each(['/', '/home/', '/home/?utm_source=x', '/contact/', '/auth/login/', '/l/some-partner/', '/maintenance'])(
    '%s is a page',
    (url) => {
      expect(routeStatus(url)).toBe(200);
    },
  );
});
