// One Idempotency-Key per confirmation visit: a retry after a lost answer sends the same key, so the
// server returns the first result instead of moving the money twice. Leaving the screen and coming
// back is a new request and gets a new key.
import { useCallback, useState } from 'react';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

export function idempotencyHeaders(key: string): Record<string, string> {
  return { [IDEMPOTENCY_HEADER]: key };
}

/** The key of this visit, and `renew` for when the request succeeded and another one may follow. */
export function useIdempotencyKey(): { key: string; renew(): void } {
  const [key, setKey] = useState(newIdempotencyKey);
  const renew = useCallback(() => setKey(newIdempotencyKey()), []);
  return { key, renew };
}
