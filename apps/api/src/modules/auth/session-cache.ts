// Authentication without a query per request. The user behind a sign-in (session family) is kept in
// memory once looked up; every change that ends or alters it is announced by the database itself, so
// that every instance drops what it holds at once:
// - triggers send NOTIFY on the `lombard_auth` channel when a sign-in is revoked, expired or deleted, or
//   when what a request knows of its user (status, address, profiles, language) changes; NOTIFY is sent
//   on commit, to every listening connection of every instance (PostgreSQL), or in-process (PGlite);
// - this process's own revocations are also dropped directly (`forgetLocally`), so that the next request
//   of the instance that revoked never depends on when the notification arrives.
// While the listening connection is down nothing is cached: every request is checked in the database.
import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../db/client';
import type { AuthUser } from '../../lib/auth-guards';

export const AUTH_CHANNEL = 'lombard_auth';
/** Announced on the same channel by a rotation of the signing keys (signing-keys.ts). */
export const KEYS_ROTATED = 'k';
/** A safety net only: entries are dropped by notifications, this bounds any surprise. */
const ENTRY_TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

// Installed at start (idempotent): the notifications are part of how the schema behaves, whoever writes.
const TRIGGERS = [
  `create or replace function lombard_auth_notify() returns trigger language plpgsql as $$
   begin
     if tg_table_name = 'session_families' then
       perform pg_notify('${AUTH_CHANNEL}', 's:' || old.id::text);
     else
       perform pg_notify('${AUTH_CHANNEL}', 'u:' || old.id::text);
     end if;
     return null;
   end $$`,
  'drop trigger if exists lombard_auth_session_changed on session_families',
  `create trigger lombard_auth_session_changed after update or delete on session_families
   for each row execute function lombard_auth_notify()`,
  'drop trigger if exists lombard_auth_user_changed on users',
  `create trigger lombard_auth_user_changed after update of status, email, attributes, is_superuser, language
   on users for each row execute function lombard_auth_notify()`,
  'drop trigger if exists lombard_auth_user_deleted on users',
  `create trigger lombard_auth_user_deleted after delete on users
   for each row execute function lombard_auth_notify()`,
].map((statement) => sql.raw(statement));

async function installTriggers(db: Database) {
  // Two instances starting together must not replace the function at the same moment.
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${AUTH_CHANNEL}))`);
    for (const statement of TRIGGERS) await tx.execute(statement);
  });
}

/** Revocations made by this process: `s:<session id>` or `u:<user id>` (every sign-in of the user). */
const local = new EventEmitter();
local.setMaxListeners(0);

export function forgetLocally(key: `s:${string}` | `u:${number}`) {
  local.emit('forget', key);
}

interface Entry {
  user: AuthUser;
  expires: number;
}

/**
 * `onKeysRotated` is told of a rotation of the signing keys, and whenever announcements may have been
 * missed (the listening connection is back).
 */
export async function createSessionCache(handle: DatabaseHandle, onKeysRotated: () => void = () => undefined) {
  await installTriggers(handle.db);
  const entries = new Map<string, Entry>();
  let listening = false;
  // Bumped by every invalidation: a lookup that started before one must not store its (older) answer.
  let generation = 0;

  const forget = (key: string) => {
    if (key === KEYS_ROTATED) return onKeysRotated();
    generation++;
    if (key.startsWith('s:')) {
      entries.delete(key.slice(2));
      return;
    }
    const userId = Number(key.slice(2));
    for (const [sessionId, entry] of entries) if (entry.user.id === userId) entries.delete(sessionId);
  };
  const onGap = (now: boolean) => {
    generation++;
    entries.clear();
    listening = now;
    if (now) onKeysRotated();
  };
  local.on('forget', forget);
  const subscription = await handle.listen(AUTH_CHANNEL, forget, onGap);

  return {
    /** The user of a sign-in when it is in memory (a signed-in request's usual case, with no promise). */
    known(sessionId: string): AuthUser | undefined {
      const hit = entries.get(sessionId);
      return hit && hit.expires > Date.now() ? hit.user : undefined;
    },
    /** The user of a sign-in: from memory, or from `load` (one query), remembered when safe to. */
    async get(sessionId: string, load: () => Promise<AuthUser | null>): Promise<AuthUser | null> {
      const hit = entries.get(sessionId);
      if (hit && hit.expires > Date.now()) return hit.user;
      const started = generation;
      const user = await load();
      // Refusals are not remembered: they cost a query, and a cached "no" could outlive a fix.
      if (user && listening && generation === started) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
        entries.set(sessionId, { user, expires: Date.now() + ENTRY_TTL_MS });
      }
      return user;
    },
    async close() {
      local.off('forget', forget);
      entries.clear();
      await subscription.stop();
    },
  };
}

export type SessionCache = Awaited<ReturnType<typeof createSessionCache>>;
