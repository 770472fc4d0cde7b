// The one log line of every request (Fastify's default is two: "incoming request" and "request
// completed"). It names the route pattern, never the URL: paths and query strings of links carry tokens
// (activation, password reset), and logs must never hold a secret.
// The line has a fixed shape with nothing to redact, so it is written as text straight to the log's
// destination, in pino's format: going through a logger (bindings, redaction, serializers) had been
// most of the cost of a cheap request.
// The app's own destinations get the lines of one event-loop turn in one write: pino's buffered
// destination measures the byte length of its whole pending buffer on every write, which under load
// cost more than the request it logged.
import { hostname } from 'node:os';
import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Bindings, ChildLoggerOptions, DestinationStream, Level, LevelWithSilent, Logger } from 'pino';

const INFO = 30;
/** A turn holds at most this many lines before they are written (bounds the memory of a burst). */
const MAX_HELD_LINES = 1024;
const LEVELS: Record<LevelWithSilent, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Number.POSITIVE_INFINITY,
};

export class OneLinePerRequest extends LogController {
  private readonly enabled: boolean;
  private readonly fixed = `"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;
  /** Route patterns and methods are few: each is escaped once. */
  private readonly quoted = new Map<string, string>();
  private pending: string[] = [];
  private flushScheduled = false;

  /** `batch`: hold the lines of one event-loop turn and write them together (the app's own destinations). */
  constructor(
    private readonly destination: DestinationStream,
    level: LevelWithSilent,
    private readonly batch = false,
  ) {
    super();
    this.enabled = LEVELS[level] <= INFO;
  }

  /** Writes the lines held so far; the app calls it when it closes. */
  readonly flush = () => {
    this.flushScheduled = false;
    if (this.pending.length === 0) return;
    const text = this.pending.join('');
    this.pending = [];
    this.destination.write(text);
  };

  private emit(line: string) {
    if (!this.batch) {
      this.destination.write(line);
      return;
    }
    this.pending.push(line);
    if (this.pending.length >= MAX_HELD_LINES) this.flush();
    else if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(this.flush);
    }
  }

  private quote(text: string): string {
    let quoted = this.quoted.get(text);
    if (quoted === undefined) {
      quoted = JSON.stringify(text);
      if (this.quoted.size < 10_000) this.quoted.set(text, quoted);
    }
    return quoted;
  }

  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const route = request.routeOptions.url;
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    if (error) {
      this.flush();
      reply.log.error(
        { method: request.method, route: route ?? null, status: reply.statusCode, ms, err: error },
        'request failed',
      );
      return;
    }
    if (!this.enabled) return;
    // The id is this app's own UUID (genReqId; a client cannot choose it): nothing to escape.
    this.emit(
      `{"level":${INFO},"time":${Date.now()},${this.fixed},"reqId":"${request.id}","method":${this.quote(request.method)},"route":${route === undefined ? 'null' : this.quote(route)},"status":${reply.statusCode},"ms":${ms},"msg":"request"}\n`,
    );
  }
}

/**
 * Fastify gives every request a child logger bound to its id; making one (with the redaction rules) cost
 * more than a cheap request itself, and most requests never log. This one is made on first use.
 */
class LazyRequestLogger {
  private made: Logger | null = null;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get logger(): Logger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  fatal(...args: Parameters<Logger['fatal']>) {
    this.logger.fatal(...args);
  }
  error(...args: Parameters<Logger['error']>) {
    this.logger.error(...args);
  }
  warn(...args: Parameters<Logger['warn']>) {
    this.logger.warn(...args);
  }
  info(...args: Parameters<Logger['info']>) {
    this.logger.info(...args);
  }
  debug(...args: Parameters<Logger['debug']>) {
    this.logger.debug(...args);
  }
  trace(...args: Parameters<Logger['trace']>) {
    this.logger.trace(...args);
  }
  silent() {}
  child(bindings: Bindings, options?: ChildLoggerOptions) {
    return this.logger.child(bindings, options);
  }
  isLevelEnabled(level: Level) {
    return this.logger.isLevelEnabled(level);
  }
}

export function lazyChildLogger(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
  return new LazyRequestLogger(parent as Logger, bindings, options) as unknown as FastifyBaseLogger;
}
