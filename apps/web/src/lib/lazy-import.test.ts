import { CHUNK_LOAD_TIMEOUT_MS } from '@lombard/shared/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, isChunkLoadError, lazyImport } from './lazy-import';

afterEach(() => vi.useRealTimers());

describe('lazyImport', () => {
  it('resolves with the module', async () => {
    await expect(lazyImport(async () => ({ Page: 'page' }))).resolves.toEqual({ Page: 'page' });
  });

  it('turns a chunk that never arrives into a ChunkLoadError after 120 s', async () => {
    vi.useFakeTimers();
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const pending = lazyImport(() => new Promise<never>(() => {}));
    const outcome = pending.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    void pending
      .catch(() => {})
      .finally(() => {
        settled = true;
      });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(isChunkLoadError(error)).toBe(true);
  });

  it.each([
    'Failed to fetch dynamically imported module: http://localhost/assets/home-page-abc.js',
    'Importing a module script failed.',
    'error loading dynamically imported module: http://localhost/assets/x.js',
    'Unable to preload CSS for /assets/x.css',
  ])('recognises the browser failure "%s"', async (message) => {
    const error = await lazyImport(() => Promise.reject(new TypeError(message))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).cause).toBeInstanceOf(TypeError);
  });

  it('passes other errors through untouched: a bug in a module is not a download failure', async () => {
    const bug = new ReferenceError('x is not defined');
    await expect(lazyImport(() => Promise.reject(bug))).rejects.toBe(bug);
    expect(isChunkLoadError(bug)).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
