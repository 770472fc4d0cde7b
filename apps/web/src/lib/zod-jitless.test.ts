import { describe, expect, it } from 'vitest';
import { ZOD_CONFIG_GLOBAL } from './zod-jitless';

describe('zod-jitless', () => {
  it('turns on jitless mode in the configuration zod reads, without importing zod', async () => {
    const { config } = await import('zod');
    expect(config()).toBe((globalThis as Record<string, unknown>)[ZOD_CONFIG_GLOBAL]);
    expect(config().jitless).toBe(true);
  });
});
