// The app's own log lines (start, jobs, errors; not the request lines, see line-batches.ts) in
// production: written through a buffer, off the request path, but never held for long. pino flushes its
// buffer only when it holds 4 KB or when the process exits normally, so after a `kill -9` (or an
// out-of-memory kill) about two minutes of lines were lost, the ones that said what was going wrong.
// Here the buffer is written every LOG_FLUSH_MS, at once on an error line (the process may be about to
// die) and on the way out of a fatal exception or a stop signal.
import pino from 'pino';

/** The longest an ordinary line waits in the buffer. */
export const LOG_FLUSH_MS = 250;
const ERROR = 50;
const LEVEL = /^\{"level":(\d+)/;

export interface AppLogOutput {
  write(line: string): void;
  /** Writes what the buffer holds, synchronously. */
  flushSync(): void;
}

export function bufferedLogOutput(fd: number): AppLogOutput {
  const destination = pino.destination({ dest: fd, sync: false, minLength: 4096 });
  const flushSync = () => {
    try {
      destination.flushSync();
    } catch {
      // Closed or not writable: nothing more can be saved.
    }
  };
  const timer = setInterval(() => destination.flush(), LOG_FLUSH_MS);
  timer.unref();
  process.once('exit', flushSync);
  // A monitor only watches: the exception still ends the process as before.
  process.on('uncaughtExceptionMonitor', flushSync);
  // Before the server's own handlers (server.ts), which log the stop and close the app.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.prependListener(signal, flushSync);
  return {
    write(line) {
      destination.write(line);
      if (Number(LEVEL.exec(line)?.[1] ?? 0) >= ERROR) flushSync();
    },
    flushSync,
  };
}
