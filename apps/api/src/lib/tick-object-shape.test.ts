import { describe, expect, it } from 'vitest';
import { keepTickObjectShape, tickObjectShapeKept } from './tick-object-shape';

describe('the shape of next-tick records', () => {
  it('holds one record of this Node version for good, and stops watching for more', async () => {
    keepTickObjectShape();
    expect(tickObjectShapeKept()).toBe(true);
    // The hook is off again: later ticks run as they did before the call.
    const ran = await new Promise<boolean>((resolve) => process.nextTick(() => resolve(true)));
    expect(ran).toBe(true);
  });
});
