// Export file names carry their time in UTC and say so, so they never disagree with the local time the
// notification shows next to them.
import { describe, expect, it } from 'vitest';
import { exportFileName } from './service';

describe('exportFileName', () => {
  it('stamps the UTC date and time with a UTC marker, whatever the business or server zone', () => {
    // 22:30 UTC on 1 July is already 2 July, 00:30, in Rome.
    expect(exportFileName('Utenti', new Date('2026-07-01T22:30:15.900Z'))).toBe('utenti-2026-07-01-223015-UTC.xlsx');
    expect(exportFileName('Notifiche è più', new Date('2026-01-05T00:00:00Z'))).toBe(
      'notifiche-e-piu-2026-01-05-000000-UTC.xlsx',
    );
    expect(exportFileName('—', new Date('2026-01-05T00:00:00Z'))).toBe('export-2026-01-05-000000-UTC.xlsx');
  });
});
