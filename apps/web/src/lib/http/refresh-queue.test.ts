import { MAX_CONSECUTIVE_401 } from '@lombard/shared/constants';
import { describe, expect, it, vi } from 'vitest';
import { RefreshQueue, type RefreshQueueOptions, SessionLostError, type TokenPair } from './refresh-queue';

function setup(overrides: Partial<RefreshQueueOptions> = {}) {
  const tokens: { access: string | null; refresh: string | null } = { access: 'a1', refresh: 'r1' };
  let counter = 1;
  const requestRefresh = vi.fn(async (refresh: string): Promise<TokenPair> => {
    expect(refresh).toBe(tokens.refresh);
    counter += 1;
    return { access: `a${counter}`, refresh: `r${counter}` };
  });
  const onSessionLost = vi.fn();
  const queue = new RefreshQueue({
    readAccessToken: () => tokens.access,
    readRefreshToken: () => tokens.refresh,
    requestRefresh,
    saveTokens: (pair) => {
      tokens.access = pair.access;
      tokens.refresh = pair.refresh;
    },
    onSessionLost,
    isRefreshRejected: (error) => (error as { status?: number }).status === 401,
    ...overrides,
  });
  return { queue, tokens, requestRefresh, onSessionLost };
}

describe('RefreshQueue', () => {
  it('runs exactly one refresh for concurrent 401s and hands every caller the new token', async () => {
    let release: (pair: TokenPair) => void = () => {};
    const requestRefresh = vi.fn(() => new Promise<TokenPair>((resolve) => (release = resolve)));
    const { queue, tokens } = setup({ requestRefresh });
    const waiting = [queue.onUnauthorized('a1'), queue.onUnauthorized('a1'), queue.onUnauthorized('a1')];
    expect(queue.refreshing).toBe(true);
    release({ access: 'a2', refresh: 'r2' });
    await expect(Promise.all(waiting)).resolves.toEqual(['a2', 'a2', 'a2']);
    expect(requestRefresh).toHaveBeenCalledTimes(1);
    expect(tokens).toEqual({ access: 'a2', refresh: 'r2' });
    expect(queue.refreshing).toBe(false);
  });

  it('lets calls starting during a refresh wait for it', async () => {
    let release: (pair: TokenPair) => void = () => {};
    const { queue } = setup({ requestRefresh: () => new Promise<TokenPair>((resolve) => (release = resolve)) });
    const failed = queue.onUnauthorized('a1');
    let idle = false;
    const waiting = queue.whenIdle().then(() => {
      idle = true;
    });
    await Promise.resolve();
    expect(idle).toBe(false);
    release({ access: 'a2', refresh: 'r2' });
    await Promise.all([failed, waiting]);
    expect(idle).toBe(true);
  });

  it('retries a call that used an old token with the current one, without refreshing again', async () => {
    const { queue, requestRefresh } = setup();
    await queue.onUnauthorized('a1');
    await expect(queue.onUnauthorized('a1')).resolves.toBe('a2');
    expect(requestRefresh).toHaveBeenCalledTimes(1);
  });

  it('tries a failing refresh a second time and keeps the session when the second attempt works', async () => {
    const requestRefresh = vi
      .fn<(refresh: string) => Promise<TokenPair>>()
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValueOnce({ access: 'a2', refresh: 'r2' });
    const { queue, onSessionLost } = setup({ requestRefresh });
    await expect(queue.onUnauthorized('a1')).resolves.toBe('a2');
    expect(requestRefresh).toHaveBeenCalledTimes(2);
    expect(onSessionLost).not.toHaveBeenCalled();
  });

  it('ends the session once when the refresh fails twice, rejecting every waiting call', async () => {
    const requestRefresh = vi.fn(async (): Promise<TokenPair> => {
      throw new Error('network');
    });
    const { queue, onSessionLost } = setup({ requestRefresh });
    const results = await Promise.allSettled([queue.onUnauthorized('a1'), queue.onUnauthorized('a1')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    const reason = (results[0] as PromiseRejectedResult).reason;
    expect(reason).toBeInstanceOf(SessionLostError);
    expect(reason.reason).toBe('refresh-failed');
    expect(requestRefresh).toHaveBeenCalledTimes(2);
    expect(onSessionLost).toHaveBeenCalledTimes(1);
    expect(onSessionLost).toHaveBeenCalledWith('refresh-failed');
  });

  it('ends the session at once when the server refuses the refresh token (expired or revoked)', async () => {
    const requestRefresh = vi.fn(async (): Promise<TokenPair> => {
      throw Object.assign(new Error('401'), { status: 401 });
    });
    const { queue, onSessionLost } = setup({ requestRefresh });
    await expect(queue.onUnauthorized('a1')).rejects.toMatchObject({ reason: 'refresh-rejected' });
    expect(requestRefresh).toHaveBeenCalledTimes(1);
    expect(onSessionLost).toHaveBeenCalledWith('refresh-rejected');
  });

  it('ends the session without calling the server when there is no refresh token', async () => {
    const { queue, tokens, requestRefresh, onSessionLost } = setup();
    tokens.refresh = null;
    await expect(queue.onUnauthorized('a1')).rejects.toMatchObject({ reason: 'no-refresh-token' });
    expect(requestRefresh).not.toHaveBeenCalled();
    expect(onSessionLost).toHaveBeenCalledWith('no-refresh-token');
  });

  it(`gives up after more than ${MAX_CONSECUTIVE_401} consecutive 401s`, async () => {
    const { queue, onSessionLost } = setup();
    // A server that keeps answering 401 even with fresh tokens: each call fails, refreshes, fails again.
    for (let i = 0; i < MAX_CONSECUTIVE_401 / 2; i += 1) {
      const access = await queue.onUnauthorized(null);
      expect(access).toMatch(/^a\d+$/);
      queue.note401();
    }
    expect(onSessionLost).not.toHaveBeenCalled();
    await expect(queue.onUnauthorized(null)).rejects.toMatchObject({ reason: 'too-many-401' });
    expect(onSessionLost).toHaveBeenCalledWith('too-many-401');
  });

  it('starts counting again after a successful answer', async () => {
    const { queue, onSessionLost } = setup();
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < MAX_CONSECUTIVE_401; i += 1) queue.note401();
      queue.noteSuccess();
    }
    expect(onSessionLost).not.toHaveBeenCalled();
  });

  it('two tabs whose calls fail together refresh once: the second takes the pair the first obtained', async () => {
    // Both tabs read one stored pair (the cookie) and share one lock, as the Web Locks API gives them.
    const stored = { access: 'a1', refresh: 'r1' };
    let chain: Promise<unknown> = Promise.resolve();
    const exclusive = <T>(task: () => Promise<T>): Promise<T> => {
      const run = chain.then(task);
      chain = run.catch(() => undefined);
      return run;
    };
    const spent = new Set<string>();
    // As on the server: a rotated refresh token presented again ends the session.
    const requestRefresh = vi.fn(async (refresh: string): Promise<TokenPair> => {
      if (spent.has(refresh)) throw Object.assign(new Error('reused'), { status: 401 });
      spent.add(refresh);
      return { access: 'a2', refresh: 'r2' };
    });
    const tab = () =>
      new RefreshQueue({
        readAccessToken: () => stored.access,
        readRefreshToken: () => stored.refresh,
        requestRefresh,
        saveTokens: (pair) => Object.assign(stored, pair),
        onSessionLost: () => Object.assign(stored, { access: null, refresh: null }),
        isRefreshRejected: (error) => (error as { status?: number }).status === 401,
        exclusive,
      });
    const [first, second] = [tab(), tab()];
    await expect(Promise.all([first.onUnauthorized('a1'), second.onUnauthorized('a1')])).resolves.toEqual(['a2', 'a2']);
    expect(requestRefresh).toHaveBeenCalledTimes(1);
    expect(stored).toEqual({ access: 'a2', refresh: 'r2' });
  });
});
