// Lazy route modules: a chunk that fails to download — the network dropped, or a new deployment
// replaced the hashed files this page refers to — or that takes longer than CHUNK_LOAD_TIMEOUT_MS
// becomes a ChunkLoadError, which the root error screen shows as "Loading chunk failed" with a
// reload button.
import { CHUNK_LOAD_TIMEOUT_MS } from '@lombard/shared/constants';

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

// What browsers and Vite say when a dynamic import() or a module preload fails.
const CHUNK_FAILURE_MESSAGES = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /unable to preload css/i,
  /loading (css )?chunk .* failed/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return CHUNK_FAILURE_MESSAGES.some((pattern) => pattern.test(error.message));
}

/**
 * Runs a dynamic import with a timeout and a recognisable error:
 * `lazy: async () => ({ Component: (await lazyImport(() => import('./home-page'))).HomePage })`.
 */
export function lazyImport<T>(loader: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ChunkLoadError(`Loading chunk timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    loader().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        // Errors thrown while evaluating a module that did load are bugs, not download failures.
        if (isChunkLoadError(error)) {
          reject(new ChunkLoadError(error instanceof Error ? error.message : String(error), { cause: error }));
        } else {
          reject(error);
        }
      },
    );
  });
}
