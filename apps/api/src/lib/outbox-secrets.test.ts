// Codes and links with a token are secrets: a backup of the database or of DATA_DIR must not hand them to
// whoever reads it. The outbox keeps them only in a pending message's body; DATA_DIR is owner-only.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../db/schema/outbox';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, loginAs } from '../test/auth';
import { codeIn, delivered, linkIn } from '../test/outbox';
import { saveFile, storeStream } from './files/store';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t?.close());

const PHONE = '+393331234567';
const modeOf = (file: string) => statSync(file).mode & 0o777;

/** Every file and folder under a folder, itself included. */
function walk(folder: string): string[] {
  return [
    folder,
    ...readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(entry.parentPath, entry.name);
      return entry.isDirectory() ? walk(full) : [full];
    }),
  ];
}

const register = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/registration/',
    payload: {
      email,
      password: 'Solid-pass-2026',
      password_confirm: 'Solid-pass-2026',
      first_name: 'Nina',
      last_name: 'Nuova',
      language: 'en',
      accept_terms: true,
      accept_privacy: true,
    },
  });

async function sendSecrets() {
  await register('new.person@example.org');
  const user = await createUser(t.app, { email: 'forgetful@example.org' });
  await t.app.inject({ method: 'POST', url: '/api/rest-auth/password/reset/', payload: { email: user.email } });
  const session = await loginAs(t.app, user.email);
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/v1/profile/phone-number/',
    headers: session.headers,
    payload: { phone: PHONE },
  });
  expect(sent.statusCode).toBe(200);
}

describe('secrets in the outbox', () => {
  it('the database never holds a code or link in meta, and nothing of them once delivered', async () => {
    await sendSecrets();
    const pending = await t.database.db.select().from(outboxMessages);
    const secrets = [
      linkIn(pending.find((m) => m.template === 'account_activation')!),
      linkIn(pending.find((m) => m.template === 'password_reset')!),
      codeIn(pending.find((m) => m.template === 'phone_verification')!),
    ];
    // Only the body of a message still to deliver carries them.
    for (const secret of secrets) expect(JSON.stringify(pending.map((m) => m.meta))).not.toContain(secret);

    const [activation] = await delivered(t.app, 'new.person@example.org', 'account_activation');
    const [code] = await delivered(t.app, PHONE, 'phone_verification');
    // The development transport wrote them for the developer, as the person would receive them.
    expect(linkIn(activation!)).toBe(secrets[0]);
    expect(codeIn(code!)).toBe(secrets[2]);

    const stored = await t.database.db.select().from(outboxMessages);
    expect(stored.length).toBe(pending.length);
    for (const row of stored) {
      expect(row.sentAt).not.toBeNull();
      expect(row).toMatchObject({ text: '', html: null });
    }
    const everything = JSON.stringify(stored);
    for (const secret of secrets) expect(everything).not.toContain(secret);
    expect(everything).not.toContain('/user-account-activation/');
    expect(everything).not.toContain('/reset-password-confirm/');
  });
});

describe('files under DATA_DIR', () => {
  it('are 0600 in 0700 folders: outbox, documents, streamed exports', async () => {
    await register('another.person@example.org');
    await delivered(t.app, 'another.person@example.org');
    await saveFile(t.database.db, t.app.files, Buffer.from('%PDF-1.7 identity document'), {
      fileName: 'id.pdf',
      contentType: 'application/pdf',
    });
    await storeStream(t.app.files, Readable.from([Buffer.from('PK streamed export')]), 'application/zip');

    const outbox = path.join(t.dataDir, 'outbox');
    const files = path.join(t.dataDir, 'files');
    expect(readdirSync(outbox).length).toBeGreaterThanOrEqual(1);
    const found = walk(t.dataDir);
    // The signing keys are kept in the database, not in a file.
    expect(found).not.toContain(path.join(t.dataDir, 'jwt-secret'));
    expect(found.filter((f) => f.startsWith(files) && statSync(f).isFile())).toHaveLength(2);
    for (const entry of found) {
      expect({ entry, mode: modeOf(entry) }).toEqual({ entry, mode: statSync(entry).isDirectory() ? 0o700 : 0o600 });
    }
  });
});
