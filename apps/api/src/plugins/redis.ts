// The connection to Redis when REDIS_URL is set (the limits' counters, shared by every instance), or null:
// without it every limit counts in the instance's own memory, as the embedded quick start does.

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { closeRedis, openRedis } from '../lib/redis';

declare module 'fastify' {
  interface FastifyInstance {
    redis: Redis | null;
  }
}

export const redisPlugin = fp(async (app: FastifyInstance) => {
  const { redisUrl, redisKeyPrefix } = app.config;
  // Not awaited: an instance starts while Redis is down (its readiness says so, and the limits decide
  // what to refuse), and is served by the shared counters from the moment Redis answers.
  const client = redisUrl ? openRedis(redisUrl, redisKeyPrefix, app.log) : null;
  app.decorate('redis', client);
  if (client) app.addHook('onClose', async () => closeRedis(client));
});
