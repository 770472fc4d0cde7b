// The Redis connection that holds the limits' counters when REDIS_URL is set, so that every instance behind
// a load balancer counts the same requests (docs/decisions/024-shared-counters-and-signing-keys.md).
// A counter that cannot be reached must answer at once, not after a queue drains: commands are refused
// while the connection is down (no offline queue) and given up after COMMAND_TIMEOUT_MS; each caller then
// decides whether its limit fails closed (sign-in, code sends) or open (reads).

import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** A command Redis has not answered by then is treated as Redis being down. */
const COMMAND_TIMEOUT_MS = 500;
/** Reconnection attempts back off to this, and go on for as long as the process lives. */
const MAX_RECONNECT_DELAY_MS = 2_000;

export function openRedis(url: string, keyPrefix: string, log: FastifyBaseLogger): Redis {
  const client = new Redis(url, {
    keyPrefix,
    enableOfflineQueue: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 1,
    // The requests of one event-loop turn share one write to Redis rather than one each.
    enableAutoPipelining: true,
    retryStrategy: (times) => Math.min(times * 100, MAX_RECONNECT_DELAY_MS),
  });
  // One line when the counters go away and one when they are back, not one per reconnection attempt.
  let down = false;
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.error(
      { err: error },
      "Redis unreachable: calls with a limit of their own (sign-in, code sends, messages) are refused; the API's limit counts per instance",
    );
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('Redis reachable again: limits are shared again');
  });
  return client;
}

/** Whether Redis answers now (the readiness check). */
export async function redisAnswers(client: Redis): Promise<boolean> {
  if (client.status !== 'ready') return false;
  try {
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  }
}

/** Closes the connection without waiting for a server that may be gone. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  try {
    await client.quit();
  } catch {
    client.disconnect();
  }
}
