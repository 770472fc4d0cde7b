// The HTTP response the app's server makes for every request (Fastify's `http.ServerResponse` option).
//
// Node joins the status line and headers with a body given as a string into one socket write, but a body
// given as a Buffer (every compressed answer, the kept answers of the read cache, a PDF) goes out beside
// the headers in a second chunk, through `writev`. On the small answers that most requests get, that
// second chunk costs more than the copy that avoids it: the body is handed over as a latin1 string, which
// maps each byte to one character and back, so the bytes on the wire are the same and the answer leaves in
// one write. Measured on the quote (350 bytes of brotli): about 4 µs less CPU a request, 10 % more
// requests a second under load (bench/README.md). Larger bodies keep the Buffer, where a copy would cost
// more than it saves.
import { type IncomingMessage, ServerResponse } from 'node:http';

/** The largest body handed over as one string with its headers. */
export const ONE_WRITE_LIMIT = 16 * 1024;

type Callback = () => void;

export class OneWriteResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  override end(callback?: Callback): this;
  override end(chunk: unknown, callback?: Callback): this;
  override end(chunk: unknown, encoding: BufferEncoding, callback?: Callback): this;
  override end(chunk?: unknown, encoding?: unknown, callback?: unknown): this {
    if (Buffer.isBuffer(chunk) && chunk.length <= ONE_WRITE_LIMIT) {
      const done = typeof encoding === 'function' ? (encoding as Callback) : (callback as Callback | undefined);
      return super.end(chunk.toString('latin1'), 'latin1', done);
    }
    return super.end(chunk as string, encoding as BufferEncoding, callback as Callback);
  }
}
