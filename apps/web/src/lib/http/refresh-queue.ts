// The token-refresh state machine, free of the HTTP client so that every rule is unit-tested:
// - on a 401 exactly one refresh runs; other calls failing meanwhile wait for it and retry with the new token;
// - no session on this device, a refresh the server refuses (expired, revoked) or two failed refresh
//   attempts end the session (the caller clears the token, calls logout and goes to login);
// - more than MAX_CONSECUTIVE_401 401s in a row without any success in between: give up, end the session;
// - a call that starts with no access token in memory (after a reload) waits for one (`ensureAccess`).
// The refresh token is an httpOnly cookie every tab shares, and presenting a rotated one revokes the whole
// session, so a refresh runs under a lock every tab of the browser shares (`exclusive`): the tab that
// gets the lock after another one refreshed sends the cookie that one received.
import { MAX_CONSECUTIVE_401 } from '@lombard/shared/constants';

export interface AccessToken {
  access: string;
}

export interface RefreshQueueOptions {
  readAccessToken: () => string | null;
  /** Whether this device is signed in (the refresh token itself is out of the script's reach). */
  hasSession: () => boolean;
  /** Calls the refresh endpoint (the browser sends the refresh cookie). */
  requestRefresh: () => Promise<AccessToken>;
  saveTokens: (tokens: AccessToken) => void;
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

export type SessionLostReason = 'no-session' | 'refresh-rejected' | 'refresh-failed' | 'too-many-401';

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
    return this.start();
  }

  /**
   * The access token for a call about to start: the one in memory, or one fetched with the refresh cookie
   * (after a reload), or null when this device is not signed in.
   */
  async ensureAccess(): Promise<string | null> {
    if (this.pending) return this.pending;
    const current = this.options.readAccessToken();
    if (current || !this.options.hasSession()) return current;
    return this.start();
  }

  private start(): Promise<string> {
    const exclusive = this.options.exclusive ?? ((task) => task());
    this.pending = exclusive(() => this.refresh()).finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async refresh(): Promise<string> {
    if (!this.options.hasSession()) this.lose('no-session');
    for (let attempt = 1; attempt <= this.maxAttempts; attempt += 1) {
      try {
        const tokens = await this.options.requestRefresh();
        this.options.saveTokens(tokens);
        return tokens.access;
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
