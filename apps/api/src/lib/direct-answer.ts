// The last step of an answer whose body is ready (a constant, a kept answer): handed to Node at once when
// Fastify would have nothing left to do with it. Fastify's `send` runs the route's `onSend` hooks, then
// checks the payload's kind, parses the content type, counts the length and writes the head; on a route
// with no `onSend` hook that is about 3 µs of CPU a request, a tenth of a cheap one (bench/README.md).
// Here the headers the route set so far, the length and the body go to Node in one call. What Fastify
// does around it stays: the route's `onResponse` hooks, the request log line, the error handler for
// anything thrown before.
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { asList } from './route-hooks';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Decided as the route is added (plugins/direct-answers.ts); never set by hand. */
    answersDirectly?: boolean;
  }
}

/**
 * Whether Fastify would run nothing between `send` and the socket on this route: a GET route (Fastify's
 * own HEAD twin has an `onSend` hook, which takes the body off) without `onSend` hooks.
 */
export function canAnswerDirectly(route: RouteOptions): boolean {
  const methods = asList(route.method);
  return methods.length === 1 && methods[0] === 'GET' && asList(route.onSend).length === 0;
}

/**
 * Sends `body` with the status and headers set on `reply` (the caller sets the Content-Type): directly
 * when the route allows it, else through Fastify. Returns the reply, as `reply.send` does.
 */
export function sendBody(request: FastifyRequest, reply: FastifyReply, body: string | Buffer): FastifyReply {
  if (request.routeOptions.config.answersDirectly !== true) return reply.send(body);
  const headers = reply.getHeaders() as OutgoingHttpHeaders;
  headers['content-length'] = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  reply.hijack();
  reply.raw.writeHead(reply.statusCode, headers);
  reply.raw.end(body);
  return reply;
}
