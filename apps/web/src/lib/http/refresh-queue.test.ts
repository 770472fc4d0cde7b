import { MAX_CONSECUTIVE_401 } from '@lombard/shared/constants';
import { describe, expect, it, vi } from 'vitest';
import { type AccessToken, RefreshQueue, type RefreshQueueOptions, SessionLostError } from './refresh-queue';

/** A browser's cookie jar with the refresh cookie, and a server that rotates it as the real one does. */
function cookieServer() {
  const jar = { refresh: 'r1' as string | null };
  const spent = new Set<string>();
  let counter = 1;
  const requestRefresh = vi.fn(async (): Promise<AccessToken> => {
    const sent = jar.refresh;
    // A rotated refresh token presented again ends the session.
    if (!sent || spent.has(sent)) throw Object.assign(new Error('401'), { status: 401 });
    spent.add(sent);
    counter += 1;
    jar.refresh = `r${counter}`;
    return { access: `a${counter}` };
  });
  return { jar, requestRefresh };
}

function setup(overrides: Partial<RefreshQueueOptions> = {}) {
  const memory: { access: string | null } = { access: 'a1' };
  const { jar, requestRefresh } = cookieServer();
  const onSessionLost = vi.fn();
  const queue = new RefreshQueue({
    readAccessToken: () => memory.access,
    hasSession: () => jar.refresh !== null,
    requestRefresh,
    saveTokens: (tokens) => {
      memory.access = tokens.access;
    },
    onSessionLost,
    isRefreshRejected: (error) => (error as { status?: number }).status === 401,
    ...overrides,
  });
  return { queue, memory, jar, requestRefresh, onSessionLost };
}

describe('RefreshQueue', () => {
  it('runs exactly one refresh for concurrent 401s and hands every caller the new token', async () => {
    let release: (tokens: AccessToken) => void = () => {};
    const requestRefresh = vi.fn(() => new Promise<AccessToken>((resolve) => (release = resolve)));
    const { queue, memory } = setup({ requestRefresh });
    const waiting = [queue.onUnauthorized('a1'), queue.onUnauthorized('a1'), queue.onUnauthorized('a1')];
    expect(queue.refreshing).toBe(true);
    release({ access: 'a2' });
    await expect(Promise.all(waiting)).resolves.toEqual(['a2', 'a2', 'a2']);
    expect(requestRefresh).toHaveBeenCalledTimes(1);
    expect(memory.access).toBe('a2');
    expect(queue.refreshing).toBe(false);
  });

  it('after a reload (no access token in memory) the first calls wait for one refresh', async () => {
    const { queue, memory, requestRefresh } = setup();
    memory.access = null;
    await expect(Promise.all([queue.ensureAccess(), queue.ensureAccess()])).resolves.toEqual(['a2', 'a2']);
    expect(requestRefresh).toHaveBeenCalledTimes(1);
    await expect(queue.ensureAccess()).resolves.toBe('a2');
    expect(requestRefresh).toHaveBeenCalledTimes(1);
  });

  it('a device that is not signed in sends calls anonymous, without calling the server', async () => {
    const { queue, memory, jar, requestRefresh, onSessionLost } = setup();
    memory.access = null;
    jar.refresh = null;
    await expect(queue.ensureAccess()).resolves.toBeNull();
    expect(requestRefresh).not.toHaveBeenCalled();
    expect(onSessionLost).not.toHaveBeenCalled();
  });

  it('retries a call that used an old token with the current one, without refreshing again', async () => {
    const { queue, requestRefresh } = setup();
    await queue.onUnauthorized('a1');
    await expect(queue.onUnauthorized('a1')).resolves.toBe('a2');
    expect(requestRefresh).toHaveBeenCalledTimes(1);
  });

  it('tries a failing refresh a second time and keeps the session when the second attempt works', async () => {
    const requestRefresh = vi
      .fn<() => Promise<AccessToken>>()
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValueOnce({ access: 'a2' });
    const { queue, onSessionLost } = setup({ requestRefresh });
    await expect(queue.onUnauthorized('a1')).resolves.toBe('a2');
    expect(requestRefresh).toHaveBeenCalledTimes(2);
    expect(onSessionLost).not.toHaveBeenCalled();
  });

  it('ends the session once when the refresh fails twice, rejecting every waiting call', async () => {
    const requestRefresh = vi.fn(async (): Promise<AccessToken> => {
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

  it('ends the session at once when the server refuses the refresh cookie (expired or revoked)', async () => {
    const requestRefresh = vi.fn(async (): Promise<AccessToken> => {
      throw Object.assign(new Error('401'), { status: 401 });
    });
    const { queue, onSessionLost } = setup({ requestRefresh });
    await expect(queue.onUnauthorized('a1')).rejects.toMatchObject({ reason: 'refresh-rejected' });
    expect(requestRefresh).toHaveBeenCalledTimes(1);
    expect(onSessionLost).toHaveBeenCalledWith('refresh-rejected');
  });

  it('ends the session without calling the server when the device is no longer signed in', async () => {
    const { queue, jar, requestRefresh, onSessionLost } = setup();
    jar.refresh = null;
    await expect(queue.onUnauthorized('a1')).rejects.toMatchObject({ reason: 'no-session' });
    expect(requestRefresh).not.toHaveBeenCalled();
    expect(onSessionLost).toHaveBeenCalledWith('no-session');
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

  it('two tabs refreshing together take turns, each sending the cookie the other received', async () => {
    // Both tabs share the cookie jar and one lock, as the Web Locks API gives them; each has its own memory.
    const { jar, requestRefresh } = cookieServer();
    let chain: Promise<unknown> = Promise.resolve();
    const exclusive = <T>(task: () => Promise<T>): Promise<T> => {
      const run = chain.then(task);
      chain = run.catch(() => undefined);
      return run;
    };
    const lost = vi.fn();
    const tab = () => {
      const memory = { access: 'a1' as string | null };
      return new RefreshQueue({
        readAccessToken: () => memory.access,
        hasSession: () => jar.refresh !== null,
        requestRefresh,
        saveTokens: (tokens) => Object.assign(memory, tokens),
        onSessionLost: lost,
        isRefreshRejected: (error) => (error as { status?: number }).status === 401,
        exclusive,
      });
    };
    const [first, second] = [tab(), tab()];
    const answers = await Promise.all([first.onUnauthorized('a1'), second.onUnauthorized('a1')]);
    expect(answers.sort()).toEqual(['a2', 'a3']);
    expect(lost).not.toHaveBeenCalled();
    expect(jar.refresh).toBe('r3');
  });
});
