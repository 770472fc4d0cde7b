// The Redis server of the tests of shared counters: the one at 127.0.0.1:6379 (CI starts it), or
// TEST_REDIS_URL. Every run writes under a key prefix of its own, so runs in parallel never share a count,
// and deletes its keys when it ends. A relay on loopback stands between an app and Redis when a test has
// to take Redis away (and give it back) without stopping the server other tests use.
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether the tests' Redis answers: the tests that need it run when it does, and always under CI. */
export async function redisReachable(): Promise<boolean> {
  const client = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** A prefix no other run uses. */
export const uniqueKeyPrefix = () => `lombard-test:${process.pid}:${randomBytes(4).toString('hex')}:`;

/** Every key written under `prefix` (a plain client: the apps' own add the prefix themselves). */
export async function keysUnder(prefix: string): Promise<string[]> {
  const client = new Redis(TEST_REDIS_URL);
  try {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      keys.push(...batch);
      cursor = next;
    } while (cursor !== '0');
    return keys;
  } finally {
    client.disconnect();
  }
}

export async function deleteKeysUnder(prefix: string): Promise<void> {
  const keys = await keysUnder(prefix);
  if (keys.length === 0) return;
  const client = new Redis(TEST_REDIS_URL);
  try {
    await client.del(...keys);
  } finally {
    client.disconnect();
  }
}

/**
 * A TCP relay on loopback to the tests' Redis. `cut()` closes it and every connection through it (Redis
 * is then unreachable for whoever uses `url`); `restore()` listens again on the same port.
 */
export async function redisRelay() {
  const target = new URL(TEST_REDIS_URL);
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    track(client);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
    });
  const port = await listen(0);
  return {
    url: `redis://127.0.0.1:${port}`,
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    async restore() {
      await listen(port);
    },
    close() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}
