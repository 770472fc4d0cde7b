// The keys that sign access tokens. JWT_SECRET, when set, is the one key (every instance is given it).
// Otherwise the keys live in the database (`signing_keys`), so that every instance signs with the same
// key and accepts every other's tokens: the first start generates one, in a statement two instances
// starting together cannot both win; a rotation adds a newer key and leaves the older ones accepted for as
// long as a token they signed can live (docs/decisions/024-shared-counters-and-signing-keys.md). Each
// instance keeps the keys in memory, reads them again when a rotation is announced (NOTIFY, heard by the
// session cache's listener) or when a token names a key it does not know.
import { randomBytes } from 'node:crypto';
import { desc, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client';
import { signingKeys } from '../../db/schema/auth';
import { AUTH_CHANNEL, KEYS_ROTATED } from './session-cache';

/**
 * Beyond the access tokens' lifetime, how long a replaced key is still accepted: an instance that had
 * not yet heard of the rotation may have signed with it a moment after it.
 */
const ROTATION_MARGIN_SECONDS = 60;
/** A token naming an unknown key reads the keys again at most this often (anyone can write any `kid`). */
const UNKNOWN_KEY_RELOAD_MS = 1_000;

export interface SigningKey {
  /** Named in the token's header; undefined for JWT_SECRET, the only key. */
  kid: string | undefined;
  key: Uint8Array;
}

export interface SigningKeys {
  /** The key new tokens are signed with. */
  current(): SigningKey;
  /** The key a token names, if it is still accepted. */
  lookup(kid: string | undefined): Promise<Uint8Array | undefined>;
  /** Reads the keys again (a rotation was announced, or the announcements may have been missed). */
  reload(): Promise<void>;
  /** Called after the keys changed: tokens verified before must be verified again. */
  onChange(listener: () => void): void;
}

const encode = (secret: string) => new TextEncoder().encode(secret);
const newSecret = () => randomBytes(48).toString('base64url');

/** JWT_SECRET: one key, no rotation here (change it on every instance at once). */
export function fixedSigningKey(secret: string): SigningKeys {
  const only = { kid: undefined, key: encode(secret) };
  return {
    current: () => only,
    lookup: async () => only.key,
    reload: async () => undefined,
    onChange: () => undefined,
  };
}

/**
 * The first key, unless there is one: of several instances starting together on an empty table, one
 * insert wins the primary key and the others insert nothing, so all of them then read the same key.
 */
async function ensureFirstKey(db: Queryable) {
  await db.execute(
    sql`insert into ${signingKeys} (generation, secret)
        select 1, ${newSecret()} where not exists (select 1 from ${signingKeys})
        on conflict (generation) do nothing`,
  );
}

interface Held {
  current: SigningKey;
  accepted: Map<string, { key: Uint8Array; until: number | null }>;
}

async function readKeys(db: Queryable): Promise<Held> {
  const rows = await db
    .select()
    .from(signingKeys)
    .where(sql`${signingKeys.acceptedUntil} is null or ${signingKeys.acceptedUntil} > now()`)
    .orderBy(desc(signingKeys.generation));
  const newest = rows[0];
  if (!newest) throw new Error('no signing key is accepted: rotate to make a new one');
  const accepted = new Map(
    rows.map((row) => [
      String(row.generation),
      { key: encode(row.secret), until: row.acceptedUntil ? row.acceptedUntil.getTime() : null },
    ]),
  );
  return { current: { kid: String(newest.generation), key: encode(newest.secret) }, accepted };
}

/** The keys kept in the database, generated on first use. */
export async function databaseSigningKeys(db: Database): Promise<SigningKeys> {
  await ensureFirstKey(db);
  let held = await readKeys(db);
  const listeners: Array<() => void> = [];
  let reading: Promise<void> | null = null;
  // The first unknown key is looked for at once.
  let lastRead = 0;

  const reload = () => {
    lastRead = Date.now();
    reading ??= readKeys(db)
      .then((next) => {
        held = next;
        for (const listener of listeners) listener();
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };
  const acceptedNow = (kid: string | undefined) => {
    const found = kid === undefined ? undefined : held.accepted.get(kid);
    return found && (found.until === null || found.until > Date.now()) ? found.key : undefined;
  };

  return {
    current: () => held.current,
    async lookup(kid) {
      const key = acceptedNow(kid);
      if (key || kid === undefined || held.accepted.has(kid)) return key;
      // A key made since the last read (a rotation whose announcement has not arrived yet).
      if (Date.now() - lastRead >= UNKNOWN_KEY_RELOAD_MS) await reload().catch(() => undefined);
      return acceptedNow(kid);
    },
    reload,
    onChange: (listener) => void listeners.push(listener),
  };
}

/**
 * Adds a newer key, which signs from now on (every instance hears of it at once). The keys it replaces
 * stay accepted for the access tokens' lifetime and a margin, so that no token signed before is refused
 * before it expires; with `immediately` (a key that leaked) they are refused at once, and everybody's next
 * call refreshes its access token. Returns the new key's generation.
 */
export async function rotateSigningKey(
  db: Database,
  options: { accessTokenTtlSeconds: number; immediately?: boolean },
): Promise<number> {
  const graceSeconds = options.immediately ? 0 : options.accessTokenTtlSeconds + ROTATION_MARGIN_SECONDS;
  return db.transaction(async (tx) => {
    // Two rotations at once make two generations, one after the other.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lombard-signing-keys'))`);
    await ensureFirstKey(tx);
    const [inserted] = await tx
      .insert(signingKeys)
      .values({
        generation: sql`(select max(generation) + 1 from ${signingKeys})`,
        secret: newSecret(),
      })
      .returning({ generation: signingKeys.generation });
    const generation = inserted!.generation;
    const end = sql`now() + ${graceSeconds} * interval '1 second'`;
    // An end already set is only ever brought forward.
    await tx
      .update(signingKeys)
      .set({ acceptedUntil: sql`least(coalesce(${signingKeys.acceptedUntil}, ${end}), ${end})` })
      .where(sql`${signingKeys.generation} < ${generation}`);
    await tx.execute(sql`select pg_notify(${AUTH_CHANNEL}, ${KEYS_ROTATED})`);
    return generation;
  });
}
