import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJobQueue, type JobQueue } from '../lib/jobs/queue';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

/**
 * The background job worker. Modules register their handlers while the app is built; polling starts
 * when the server is ready and stops (waiting for the job in progress) on close. Tests run jobs
 * synchronously with `app.jobs.drain()` instead of polling.
 */
export const jobsPlugin = fp(async (app: FastifyInstance) => {
  const queue = createJobQueue(app.database.db, { log: app.log });
  app.decorate('jobs', queue);
  if (!app.config.isTest) app.addHook('onReady', async () => queue.start());
  app.addHook('onClose', async () => queue.stop());
});
