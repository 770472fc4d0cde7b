// An action that must run once at a time: a button's `loading` comes one render after the click, so a
// double-click's second press would still reach the handler; the ref refuses it synchronously.
import { useCallback, useRef, useState } from 'react';
import { isHandledError } from '../http/interceptors';

/** `run` guarded against a second call while the first is running, and whether one is running. */
export function useSingleFlight<Args extends unknown[]>(
  run: (...args: Args) => Promise<unknown>,
): [(...args: Args) => Promise<void>, boolean] {
  const busy = useRef(false);
  const latest = useRef(run);
  latest.current = run;
  const [pending, setPending] = useState(false);
  const guarded = useCallback(async (...args: Args) => {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    try {
      await latest.current(...args);
    } finally {
      busy.current = false;
      setPending(false);
    }
  }, []);
  return [guarded, pending];
}

/**
 * For the `catch` of an action whose refusal the HTTP layer already showed (a 409 when someone else acted
 * first, as a translated toast): not shown twice; anything else is thrown on, to error reporting.
 */
export function unlessShown(error: unknown): void {
  if (!isHandledError(error)) throw error;
}
