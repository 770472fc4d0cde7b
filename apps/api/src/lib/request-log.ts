// The one log line of every request (Fastify's default is two: "incoming request" and "request
// completed"). It names the route pattern, never the URL: paths and query strings of links carry tokens
// (activation, password reset), and logs must never hold a secret.
// The line has a fixed shape with nothing to redact, so it is written as text straight to the log's
// output, in pino's format: going through a logger (bindings, redaction, serializers) had been most of
// the cost of a cheap request. The app's own output (standard output) gets them in batches of 16 KB or
// 100 ms (line-batches.ts); a stream given by a caller (tests read it) gets each line at once.
import { hostname } from 'node:os';
import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, LevelWithSilent, Logger } from 'pino';

const INFO = 30;
const WARN = 40;
/**
 * Requests the rate limit refused are counted, not logged one by one: a flood of them (463k in 15 s)
 * wrote 82 MB of lines that each said the same. One line per route says how many, this often.
 */
export const REFUSED_SUMMARY_MS = 10_000;
const TOO_MANY_REQUESTS = 429;
const LEVELS: Record<LevelWithSilent, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Number.POSITIVE_INFINITY,
};

/** Where the lines go: a stream (each line at once), or one that holds them until it is flushed. */
interface LineOutput {
  write(line: string): void;
  flush?(): void;
}

export class OneLinePerRequest extends LogController {
  private readonly enabled: boolean;
  private readonly warnEnabled: boolean;
  /** Refusals by route (its quoted pattern) since the last summary. */
  private readonly refused = new Map<string, number>();
  private refusedSince = 0;
  private summaryTimer: NodeJS.Timeout | null = null;
  private readonly fixed = `"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;
  /** Route patterns and methods are few: each is escaped once. */
  private readonly quoted = new Map<string, string>();

  constructor(
    private readonly output: LineOutput,
    level: LevelWithSilent,
  ) {
    super();
    this.enabled = LEVELS[level] <= INFO;
    this.warnEnabled = LEVELS[level] <= WARN;
  }

  /** Counts a refusal; the first of a period starts the timer of its summary. */
  private countRefused(route: string | undefined) {
    if (!this.warnEnabled) return;
    const key = route === undefined ? 'null' : this.quote(route);
    this.refused.set(key, (this.refused.get(key) ?? 0) + 1);
    if (this.summaryTimer) return;
    this.refusedSince = Date.now();
    this.summaryTimer = setTimeout(() => this.writeRefusedSummary(), REFUSED_SUMMARY_MS);
    this.summaryTimer.unref();
  }

  /** One line per route with the refusals counted since the last summary (also when the app closes). */
  writeRefusedSummary() {
    if (this.summaryTimer) clearTimeout(this.summaryTimer);
    this.summaryTimer = null;
    const now = Date.now();
    const seconds = Math.round((now - this.refusedSince) / 100) / 10;
    for (const [route, count] of this.refused) {
      this.output.write(
        `{"level":${WARN},"time":${now},${this.fixed},"route":${route},"status":${TOO_MANY_REQUESTS},"refused":${count},"seconds":${seconds},"msg":"requests refused by the rate limit"}\n`,
      );
    }
    this.refused.clear();
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
    if (reply.statusCode === TOO_MANY_REQUESTS) {
      this.countRefused(route);
      return;
    }
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    if (error) {
      // The logger writes the error line itself; it must come after the lines held so far.
      this.output.flush?.();
      reply.log.error(
        { method: request.method, route: route ?? null, status: reply.statusCode, ms, err: error },
        'request failed',
      );
      return;
    }
    if (!this.enabled) return;
    // The id is this app's own (request-id.ts; a client cannot choose it): nothing to escape.
    this.output.write(
      `{"level":${INFO},"time":${Date.now()},${this.fixed},"reqId":"${request.id}","method":${this.quote(request.method)},"route":${route === undefined ? 'null' : this.quote(route)},"status":${reply.statusCode},"ms":${ms},"msg":"request"}\n`,
    );
  }
}

type MakeChild = (this: Logger, bindings: Bindings, options?: ChildLoggerOptions) => Logger;

/**
 * Fastify gives every request a child logger bound to its id; making one (with the redaction rules) cost
 * more than a cheap request itself, and most requests never log. This one is made on first use.
 */
class LazyRequestLogger {
  private made: Logger | null = null;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions | undefined,
    private readonly makeChild: MakeChild,
  ) {}

  private get logger(): Logger {
    this.made ??= this.makeChild.call(this.parent, this.bindings, this.options);
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

/**
 * Makes the children of `root` (and of its children) lazy. Installed as the logger's own `child`, not as
 * Fastify's `childLoggerFactory`: Fastify checks what a custom factory returns on every request (an
 * array of seven method names, each looked up), while it calls the logger's own `child` as it is.
 */
export function makeChildLoggersLazy(root: FastifyBaseLogger): void {
  const logger = root as Logger;
  const pinoChild = logger.child as unknown as MakeChild;
  // pino makes a child with Object.create(parent), so its children inherit this function: `this` is
  // whichever logger is asked, and the real child keeps that logger's bindings.
  const lazyChild: MakeChild = function (this, bindings, options) {
    return new LazyRequestLogger(this, bindings, options, pinoChild) as unknown as Logger;
  };
  logger.child = lazyChild as unknown as Logger['child'];
}
