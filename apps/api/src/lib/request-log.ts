// The one log line of every request (Fastify's default is two: "incoming request" and "request
// completed"). It names the route pattern, never the URL: paths and query strings of links carry tokens
// (activation, password reset), and logs must never hold a secret.
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Logger } from 'pino';

export class OneLinePerRequest extends LogController {
  constructor(private readonly lines: Logger) {
    super();
  }

  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? null,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request failed');
    else this.lines.info({ reqId: request.id, ...line }, 'request');
  }
}
