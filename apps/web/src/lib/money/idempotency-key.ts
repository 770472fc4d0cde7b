// One Idempotency-Key per confirmation visit: a retry after a lost answer sends the same key, so the
// server returns the first result instead of moving the money twice. Leaving the screen and coming
// back is a new request and gets a new key.
import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';

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

const STORED_KEY_PREFIX = 'lombard.idempotency:';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage refused (private mode, a blocked third-party context): the key then lives for the visit only.
    return null;
  }
}

/**
 * The key of a confirmation page's history entry: a reload, or going back to the same entry, sends the
 * same key again, so a request already made answers with its first result instead of being made twice.
 * `renew` after a success forgets it: the page has moved on, and a new visit is a new request.
 */
export function useHistoryEntryIdempotencyKey(): { key: string; renew(): void } {
  const location = useLocation();
  const slot = `${STORED_KEY_PREFIX}${location.key}:${location.pathname}${location.search}`;
  const [key, setKey] = useState(() => {
    const stored = storage()?.getItem(slot);
    if (stored) return stored;
    const fresh = newIdempotencyKey();
    storage()?.setItem(slot, fresh);
    return fresh;
  });
  const renew = useCallback(() => {
    storage()?.removeItem(slot);
    setKey(newIdempotencyKey());
  }, [slot]);
  return { key, renew };
}
