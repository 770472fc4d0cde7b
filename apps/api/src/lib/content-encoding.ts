// Answers that are sent many times as the same bytes (kept JSON, stored pages) are compressed once and
// kept compressed, instead of once per request: on this kind of answer compression cost more than
// everything else the request did, and what crosses the wire is a tenth of the bytes.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip';

/** Below this an answer goes out as it is (as for the compression plugin of every other answer). */
export const COMPRESSION_THRESHOLD = 1024;

// An encoding named in Accept-Encoding, unless its weight is zero.
const BR = /(^|,)\s*br\s*(;\s*q=(?!0(\.0*)?\s*(,|$))[\d.]+)?\s*(,|$)/i;
const GZIP = /(^|,)\s*gzip\s*(;\s*q=(?!0(\.0*)?\s*(,|$))[\d.]+)?\s*(,|$)/i;

/** The best encoding of a kept answer the request accepts. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  if (BR.test(acceptEncoding)) return 'br';
  if (GZIP.test(acceptEncoding)) return 'gzip';
  return null;
}

/** An answer's bytes and their compressed copies, each made the first time a client asks for it. */
export class EncodedBody {
  private br: Buffer | null = null;
  private gzip: Buffer | null = null;
  private plain: string | null = null;
  /** Whether it goes out compressed: copies made beforehand always do; else from the threshold up. */
  readonly compressible: boolean;

  constructor(
    readonly bytes: Buffer,
    copies: { br?: Buffer; gzip?: Buffer } = {},
  ) {
    this.br = copies.br ?? null;
    this.gzip = copies.gzip ?? null;
    this.compressible = Boolean(this.br || this.gzip) || bytes.length >= COMPRESSION_THRESHOLD;
  }

  /**
   * The answer as text, to send it uncompressed: Node writes a text body in one piece with the status line
   * and headers, but a Buffer in a second write, which on a small answer cost more than the rest of it.
   */
  get text(): string {
    this.plain ??= this.bytes.toString('utf8');
    return this.plain;
  }

  as(encoding: Encoding): Buffer {
    if (encoding === 'br') {
      // Quality 5: within a few per cent of the best size for JSON, at a fraction of its time.
      this.br ??= brotliCompressSync(this.bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
      return this.br;
    }
    this.gzip ??= gzipSync(this.bytes, { level: 6 });
    return this.gzip;
  }
}

/**
 * Sends a kept answer in the best encoding the client takes (the compression plugin passes an answer
 * that already carries its Content-Encoding). The caller sets the status and Content-Type; `varyOn`
 * names the request headers the answer depended on besides Accept-Encoding.
 */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  body: EncodedBody,
  varyOn: readonly string[] = [],
): FastifyReply {
  if (!body.compressible) {
    if (varyOn.length) reply.header('Vary', varyOn.join(', '));
    return reply.send(body.text);
  }
  reply.header('Vary', [...varyOn, 'Accept-Encoding'].join(', '));
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(body.text);
  return reply.header('Content-Encoding', encoding).send(body.as(encoding));
}
