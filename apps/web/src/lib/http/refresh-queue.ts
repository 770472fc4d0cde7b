// The token-refresh state machine, free of the HTTP client so that every rule is unit-tested:
// - on a 401 exactly one refresh runs; other calls failing meanwhile wait for it and retry with the new token;
// - a missing refresh token, a refresh the server refuses (expired, revoked) or two failed refresh attempts
//   end the session (the caller clears the token, calls logout and goes to login);
// - more than MAX_CONSECUTIVE_401 401s in a row without any success in between: give up, end the session.
// Tabs share the stored pair, and presenting a rotated refresh token revokes the whole session, so a
// refresh runs under a lock every tab of the browser shares (`exclusive`); a tab that gets the lock after
// another one rotated the pair takes the new tokens instead of refreshing with the spent one.
import { MAX_CONSECUTIVE_401 } from '@lombard/shared/constants';

export interface TokenPair {
  access: string;
  refresh: string;
}

export interface RefreshQueueOptions {
  readAccessToken: () => string | null;
  readRefreshToken: () => string | null;
  /** Calls the refresh endpoint. */
  requestRefresh: (refresh: string) => Promise<TokenPair>;
  saveTokens: (pair: TokenPair) => void;
  /** Clears the token, calls logout and goes to login. Called once per lost session. */
  onSessionLost: (reason: SessionLostReason) => void;
  /**
   * True when a refresh failure means the refresh token is dead (the server answered 4xx), so that a
   * second attempt with the same token is pointless. Network faults and 5xx get a second attempt.
   */
  isRefreshRejected?: (error: unknown) => boolean;
  maxConsecutive401?: number;
  maxRefreshAttempts?: number;
  /** Runs a refresh holding a lock shared by every tab; without it, tabs are not coordinated. */
  exclusive?: <T>(task: () => Promise<T>) => Promise<T>;
}

export type SessionLostReason = 'no-refresh-token' | 'refresh-rejected' | 'refresh-failed' | 'too-many-401';

/** Thrown to a waiting call when the session ended instead of being refreshed. */
export class SessionLostError extends Error {
  constructor(readonly reason: SessionLostReason) {
    super(`session lost: ${reason}`);
    this.name = 'SessionLostError';
  }
}

export class RefreshQueue {
  private pending: Promise<string> | null = null;
  private consecutive401 = 0;
  private readonly max401: number;
  private readonly maxAttempts: number;

  constructor(private readonly options: RefreshQueueOptions) {
    this.max401 = options.maxConsecutive401 ?? MAX_CONSECUTIVE_401;
    this.maxAttempts = options.maxRefreshAttempts ?? 2;
  }

  /** Any successful answer breaks a run of 401s. */
  noteSuccess(): void {
    this.consecutive401 = 0;
  }

  /** Whether a refresh is running; calls that start now should wait for it. */
  get refreshing(): boolean {
    return this.pending !== null;
  }

  /** Resolves when no refresh is running (immediately when none is), never rejects. */
  async whenIdle(): Promise<void> {
    if (!this.pending) return;
    await this.pending.then(
      () => undefined,
      () => undefined,
    );
  }

  /**
   * Counts a 401 that will not be retried (a call that already was). Throws SessionLostError when the
   * run of 401s went past the limit.
   */
  note401(): void {
    this.consecutive401 += 1;
    if (this.consecutive401 > this.max401) this.lose('too-many-401');
  }

  /**
   * A call sent with `usedAccess` answered 401. Resolves with the access token to retry it with, or
   * rejects with SessionLostError when the session is over.
   */
  async onUnauthorized(usedAccess: string | null): Promise<string> {
    // Calls that fail while a refresh runs wait for it; they are one 401 episode, not several, so that a
    // page firing a dozen calls with an expired token does not count as a dozen failures.
    if (this.pending) return this.pending;
    // Another call refreshed while this one was in flight: retry with the token it obtained.
    const current = this.options.readAccessToken();
    if (current && usedAccess && current !== usedAccess) return current;
    this.note401();
    const exclusive = this.options.exclusive ?? ((task) => task());
    this.pending = exclusive(() => this.refreshUnlessRotated(usedAccess)).finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async refreshUnlessRotated(usedAccess: string | null): Promise<string> {
    // Another tab may have rotated the pair while this one waited for the lock: its tokens are ours too.
    const current = this.options.readAccessToken();
    if (current && usedAccess && current !== usedAccess) return current;
    const refresh = this.options.readRefreshToken();
    if (!refresh) this.lose('no-refresh-token');
    return this.refresh(refresh);
  }

  private async refresh(refresh: string): Promise<string> {
    for (let attempt = 1; attempt <= this.maxAttempts; attempt += 1) {
      try {
        const pair = await this.options.requestRefresh(refresh);
        this.options.saveTokens(pair);
        return pair.access;
      } catch (error) {
        if (this.options.isRefreshRejected?.(error)) this.lose('refresh-rejected');
      }
    }
    this.lose('refresh-failed');
  }

  private lose(reason: SessionLostReason): never {
    this.consecutive401 = 0;
    this.options.onSessionLost(reason);
    throw new SessionLostError(reason);
  }
}
