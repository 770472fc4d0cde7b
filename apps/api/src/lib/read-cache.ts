// Answers a customer reads again and again (their lists, wallet, borrowing power) kept in memory until
// the data behind them changes. The database says when: triggers (migration 0012) send `u:<user id>`
// on the `lombard_data` channel when a row of that customer changes, and `g` when something every answer
// depends on changes (products, prices, settings), whoever writes: a request of any instance, a job, an
// operator's tool. So a kept answer is never older than the last notification heard.
// - A load that started before a change is not kept: each customer's generation is bumped by every
//   change, and an answer is stored only if the generation it started under still holds.
// - Callers that miss together share one load; a load started before a change is not shared after it.
// - While the listening connection is down nothing is kept, and what was kept is dropped.
// - A write answers only once this instance has heard of what it committed (see `caughtUp`), so that a
//   client reading right after its write, or after an operator's, sees it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { DatabaseHandle, Subscription } from '../db/client';
import { EncodedBody, sendEncoded } from './content-encoding';

export const DATA_CHANNEL = 'lombard_data';
/** A safety net only: entries are dropped by notifications; this bounds any surprise. */
const ENTRY_TTL_MS = 5 * 60_000;
const MAX_USERS = 10_000;
/** Per customer: a handful of list pages, filters and quotes. */
const MAX_ENTRIES_PER_USER = 64;
/**
 * The memory every kept answer may take together. The counts alone allowed 10,000 customers × 64 answers
 * of a few kilobytes each: gigabytes, in the process that also runs the embedded database. 64 MB keeps
 * the answers of a few thousand customers; past it, the customers whose answers were kept longest ago lose
 * theirs first (docs/decisions/026-embedded-memory.md).
 */
const MAX_BYTES = 64 * 1024 * 1024;

interface Entry {
  value: unknown;
  expires: number;
  bytes: number;
}

/**
 * What a kept answer takes: its bytes, counted twice for the text and the compressed copies made of them
 * as clients ask (each smaller than the bytes). Values that are not answers are not counted.
 */
const bytesOf = (value: unknown) => (value instanceof EncodedBody ? 2 * value.bytes.length : 0);

interface Bucket {
  generation: number;
  entries: Map<string, Entry>;
  pending: Map<string, Promise<unknown>>;
}

export interface ReadCache {
  /** The customer's answer under `key`: kept, or loaded once (callers arriving meanwhile share it). */
  forUser<T>(userId: number, key: string, load: () => Promise<T>): Promise<T>;
  /** Resolves once every change committed before the call has been heard by this instance. */
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

export async function createReadCache(
  handle: DatabaseHandle,
  now: () => number = Date.now,
  maxBytes: number = MAX_BYTES,
): Promise<ReadCache> {
  const buckets = new Map<number, Bucket>();
  let listening = false;
  // Bumped by every change that concerns everyone.
  let globalGeneration = 0;
  /** What the kept entries take (`bytesOf`), against `maxBytes`. */
  let keptBytes = 0;

  const dropEntry = (bucket: Bucket, key: string) => {
    keptBytes -= bucket.entries.get(key)?.bytes ?? 0;
    bucket.entries.delete(key);
  };
  const dropEntries = (bucket: Bucket) => {
    for (const entry of bucket.entries.values()) keptBytes -= entry.bytes;
    bucket.entries.clear();
  };

  const bucketOf = (userId: number): Bucket => {
    let bucket = buckets.get(userId);
    if (!bucket) {
      if (buckets.size >= MAX_USERS) {
        const oldest = buckets.keys().next().value as number;
        dropEntries(buckets.get(oldest)!);
        buckets.delete(oldest);
      }
      bucket = { generation: 0, entries: new Map(), pending: new Map() };
      buckets.set(userId, bucket);
    }
    return bucket;
  };

  /** Past the budget, the customers whose answers were kept longest ago lose theirs first (`keeping`'s last). */
  const makeRoom = (keeping: Bucket) => {
    for (const bucket of buckets.values()) {
      if (keptBytes <= maxBytes) return;
      if (bucket !== keeping) dropEntries(bucket);
    }
    for (const key of keeping.entries.keys()) {
      if (keptBytes <= maxBytes) return;
      dropEntry(keeping, key);
    }
  };

  const forgetAll = () => {
    globalGeneration++;
    // Buckets stay (with their generations): a load in flight must still see that it is outdated.
    for (const bucket of buckets.values()) {
      bucket.generation++;
      dropEntries(bucket);
      bucket.pending.clear();
    }
  };

  const onMessage = (payload: string) => {
    if (!payload.startsWith('u:')) return forgetAll();
    const bucket = buckets.get(Number(payload.slice(2)));
    if (!bucket) return;
    bucket.generation++;
    dropEntries(bucket);
    bucket.pending.clear();
  };
  const onGap = (now: boolean) => {
    forgetAll();
    listening = now;
  };
  const subscription: Subscription = await handle.listen(DATA_CHANNEL, onMessage, onGap);

  return {
    forUser<T>(userId: number, key: string, load: () => Promise<T>): Promise<T> {
      if (!listening) return load();
      const bucket = bucketOf(userId);
      const hit = bucket.entries.get(key);
      if (hit && hit.expires > now()) return Promise.resolve(hit.value as T);
      const running = bucket.pending.get(key);
      if (running) return running as Promise<T>;
      const generation = bucket.generation;
      const global = globalGeneration;
      const loading = load().then(
        (value) => {
          if (bucket.pending.get(key) === loading) bucket.pending.delete(key);
          // Not into a bucket evicted meanwhile (`bucketOf`): nothing would ever drop or count it.
          const current = buckets.get(userId) === bucket;
          if (current && listening && bucket.generation === generation && globalGeneration === global) {
            dropEntry(bucket, key);
            if (bucket.entries.size >= MAX_ENTRIES_PER_USER) dropEntry(bucket, bucket.entries.keys().next().value!);
            const bytes = bytesOf(value);
            bucket.entries.set(key, { value, expires: now() + ENTRY_TTL_MS, bytes });
            // Last in line for eviction (`bucketOf`, `makeRoom`): the map's order is the order of keeping.
            buckets.delete(userId);
            buckets.set(userId, bucket);
            keptBytes += bytes;
            if (keptBytes > maxBytes) makeRoom(bucket);
          }
          return value;
        },
        (error: unknown) => {
          if (bucket.pending.get(key) === loading) bucket.pending.delete(key);
          throw error;
        },
      );
      bucket.pending.set(key, loading);
      return loading;
    },
    caughtUp: () => subscription.caughtUp(),
    async close() {
      forgetAll();
      await subscription.stop();
    },
  };
}

/**
 * A customer's JSON answer, kept as sent: encoded with the route's response schema (as the serializer
 * would), to UTF-8 bytes and, when a client asks, compressed, once per change instead of once per request.
 */
export function keptJson<T>(
  cache: ReadCache,
  userId: number,
  key: string,
  schema: z.ZodType<T> | null,
  load: () => Promise<T>,
): Promise<EncodedBody> {
  return cache.forUser(userId, key, async () => {
    const value = await load();
    return new EncodedBody(Buffer.from(JSON.stringify(schema ? z.encode(schema, value) : value)));
  });
}

/** Sends JSON that is already serialized, compressed as the client takes it. */
export const sendJson = (request: FastifyRequest, reply: FastifyReply, json: EncodedBody) =>
  sendEncoded(request, reply.type('application/json; charset=utf-8'), json);
