// The request log's own output: lines are encoded straight into a buffer and written to the file
// descriptor in one asynchronous write once the batch holds 16 KB, or 100 ms after its first line.
// Going through pino's destination cost more than a cheap request itself (each line encoded twice), and
// so did one write per event-loop turn: an asynchronous write is a trip through libuv's thread pool, and
// under load a turn holds only a few lines, so those trips (a thread woken on the other CPU, then the
// event loop woken back) cost more than the requests they logged (decision 014).
import { writeSync, write as writeToFd } from 'node:fs';

/** Bytes a buffer holds: room for a full batch (FLUSH_BYTES) and the lines that arrive while it is written. */
const SEGMENT_BYTES = 64 * 1024;
/** Past this many bytes waiting for a slow output, lines are dropped (and counted) rather than held. */
const MAX_WAITING_BYTES = 16 * 1024 * 1024;
/** Emptied buffers kept for the next batches instead of allocating new ones. */
const SPARE_SEGMENTS = 4;
const RETRY_MS = 10;
/** A batch is written once it holds this many bytes (about 80 request lines)… */
const FLUSH_BYTES = 16 * 1024;
/** …or this long after its first line, whichever comes first. */
const FLUSH_AFTER_MS = 100;

interface Filled {
  buffer: Buffer;
  start: number;
  end: number;
}

// Lines still held when the process exits are written synchronously, as pino does for its own.
const open = new Set<LineBatches>();
process.once('exit', () => {
  for (const batches of open) batches.writeHeldSync();
});

export class LineBatches {
  // Allocated at the first line: an app that logs nothing (tests) holds no buffer.
  private segment: Buffer | null = null;
  private offset = 0;
  private readonly waiting: Filled[] = [];
  private waitingBytes = 0;
  private readonly spare: Buffer[] = [];
  private writing = false;
  private timer: NodeJS.Timeout | null = null;
  private idle: Array<() => void> = [];
  /** Lines dropped because the output did not keep up. */
  dropped = 0;

  constructor(private readonly fd: number) {
    open.add(this);
  }

  /** Holds a line (ending with a newline) until the batch is full or old enough. */
  write(line: string): void {
    // At most 3 bytes of UTF-8 per UTF-16 unit.
    const room = line.length * 3;
    if (room > SEGMENT_BYTES - this.offset) {
      this.seal();
      if (room > SEGMENT_BYTES) {
        this.enqueue(Buffer.from(line));
        this.schedule();
        return;
      }
    }
    this.segment ??= this.newSegment();
    this.offset += this.segment.write(line, this.offset, 'utf8');
    if (this.offset >= FLUSH_BYTES) this.flush();
    else this.schedule();
  }

  /** Writes what is held now (a full or old batch, or an error line that must come after them). */
  readonly flush = (): void => {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.seal();
    this.writeNext();
  };

  /** Resolves once everything held has been written; the app waits for it as it closes. */
  close(): Promise<void> {
    this.flush();
    open.delete(this);
    if (!this.writing && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  /** The process is exiting: no callback will run again. */
  writeHeldSync(): void {
    this.seal();
    for (const filled of this.waiting.splice(0)) {
      try {
        writeSync(this.fd, filled.buffer, filled.start, filled.end - filled.start);
      } catch {
        return;
      }
    }
  }

  private schedule() {
    if (this.timer) return;
    this.timer = setTimeout(this.flush, FLUSH_AFTER_MS);
    // Held lines never keep the process alive: they are written synchronously as it exits.
    this.timer.unref();
  }

  private newSegment() {
    return this.spare.pop() ?? Buffer.allocUnsafeSlow(SEGMENT_BYTES);
  }

  private seal() {
    if (this.offset === 0 || !this.segment) return;
    const filled = this.segment;
    const end = this.offset;
    this.segment = this.newSegment();
    this.offset = 0;
    this.enqueue(filled, end);
  }

  private enqueue(buffer: Buffer, end = buffer.length) {
    if (this.waitingBytes + end > MAX_WAITING_BYTES) {
      this.dropped++;
      return;
    }
    this.waiting.push({ buffer, start: 0, end });
    this.waitingBytes += end;
  }

  private writeNext() {
    if (this.writing) return;
    const filled = this.waiting[0];
    if (!filled) {
      for (const resolve of this.idle.splice(0)) resolve();
      return;
    }
    this.writing = true;
    writeToFd(this.fd, filled.buffer, filled.start, filled.end - filled.start, null, (error, written) => {
      this.writing = false;
      if (error) {
        // A non-blocking pipe that is full: try again shortly. Any other failure loses this batch only.
        if ((error as NodeJS.ErrnoException).code === 'EAGAIN') {
          setTimeout(() => this.writeNext(), RETRY_MS);
          return;
        }
        this.dropped++;
        this.done(filled);
      } else if (filled.start + written < filled.end) {
        filled.start += written;
      } else {
        this.done(filled);
      }
      this.writeNext();
    });
  }

  private done(filled: Filled) {
    this.waiting.shift();
    this.waitingBytes -= filled.end;
    if (filled.buffer.length === SEGMENT_BYTES && this.spare.length < SPARE_SEGMENTS) this.spare.push(filled.buffer);
  }
}
