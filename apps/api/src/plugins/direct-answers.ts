// Marks, as each route is added, whether its ready answers may go to Node directly (lib/direct-answer.ts).
// Registered after every plugin that attaches `onSend` hooks from an `onRoute` hook (the read cache, the
// security headers, the compression plugin): `onRoute` hooks run in the order they were added, so by
// this one's turn a route's `onSend` hooks are all there to be seen. Nothing in the app adds a global
// `onSend` hook (decision 014), which this could not see.
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { canAnswerDirectly } from '../lib/direct-answer';

export const directAnswersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route: RouteOptions) => {
    // Always written: Fastify's HEAD twin of a GET route starts from a copy of the GET route's options.
    route.config = { ...route.config, answersDirectly: canAnswerDirectly(route) };
  });
});
