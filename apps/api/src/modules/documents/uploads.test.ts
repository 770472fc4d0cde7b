// The KYC uploads through HTTP: accepted files by content, refused programs in disguise, the size limit,
// the date rules of identity documents and proofs of address, and replacement of a document.
import { MAX_UPLOAD_BYTES } from '@lombard/shared/constants';
import {
  ADDRESS_PROOF_UPLOAD_PATH,
  DOCUMENTS_PATH,
  IDENTITY_DOCUMENT_UPLOAD_PATH,
} from '@lombard/shared/document-paths';
import type { DocumentItem } from '@lombard/shared/schemas/documents';
import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePdf, samplePng } from '../../seed/sample-files';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, loginAs, type Session } from '../../test/auth';
import { fieldParts, type MultipartPart, multipartBody } from '../../test/multipart';

let t: TestApp;
let pdf: Buffer;
const png = samplePng(40, 25, [0x1f, 0x4e, 0x8c]);
// A JPEG's start (SOI + JFIF APP0); the check reads the first bytes only.
const jpeg = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]),
  Buffer.alloc(200, 1),
  Buffer.from([0xff, 0xd9]),
]);
// What a program looks like at its start: an ELF (Linux) and a PE (Windows, "MZ") executable.
const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01]), Buffer.alloc(120)]);
const windowsProgram = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00', 'latin1'), Buffer.alloc(120)]);

const day = (months: number, days = 0) => dayjs().add(months, 'month').add(days, 'day').format('YYYY-MM-DD');
const file = (name: string, fileName: string, contentType: string, data: Buffer): MultipartPart => ({
  name,
  fileName,
  contentType,
  data,
});

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  pdf = await samplePdf('Carta di identità', ['Cognome: Rossi', 'Nome: Mario']);
});
afterAll(async () => t.close());

let userCount = 0;
async function newSession(): Promise<Session> {
  userCount += 1;
  const email = `uploader${userCount}@example.com`;
  await createUser(t.app, { email });
  return loginAs(t.app, email);
}

function post(session: Session | null, url: string, parts: MultipartPart[]) {
  const { payload, headers } = multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, ...(session?.headers ?? {}), 'accept-language': 'en' },
  });
}

const identityFields = (overrides: Record<string, string> = {}) =>
  fieldParts({ type: 'identity_card', number: 'CA 12345 AB', issued_on: day(-24), expires_on: day(84), ...overrides });

describe('identity document upload', () => {
  it('accepts an identity card as JPEG front and PNG back, with the number masked', async () => {
    const session = await newSession();
    const res = await post(session, IDENTITY_DOCUMENT_UPLOAD_PATH, [
      ...identityFields(),
      file('front', 'front.jpg', 'image/jpeg', jpeg),
      file('back', 'back.png', 'image/png', png),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json() as DocumentItem;
    expect(item).toMatchObject({
      kind: 'identity_document',
      origin: 'uploaded',
      type: 'identity_card',
      number: '•••••45AB',
      issued_on: day(-24),
      expires_on: day(84),
      status: 'active',
    });
    expect(item.files.map((f) => [f.side, f.name, f.content_type, f.size])).toEqual([
      ['front', 'front.jpg', 'image/jpeg', jpeg.length],
      ['back', 'back.png', 'image/png', png.length],
    ]);
  });

  it('accepts a passport as one PDF, without a back', async () => {
    const session = await newSession();
    const res = await post(session, IDENTITY_DOCUMENT_UPLOAD_PATH, [
      ...identityFields({ type: 'passport', number: 'YA1234567' }),
      file('front', 'passport.pdf', 'application/pdf', pdf),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as DocumentItem).files).toHaveLength(1);
  });

  it('requires the back of an identity card', async () => {
    const res = await post(await newSession(), IDENTITY_DOCUMENT_UPLOAD_PATH, [
      ...identityFields(),
      file('front', 'front.pdf', 'application/pdf', pdf),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ back: ['Attach the file.'] });
  });

  it('refuses a PNG that is really a Linux or Windows program', async () => {
    const session = await newSession();
    for (const program of [elf, windowsProgram]) {
      const res = await post(session, IDENTITY_DOCUMENT_UPLOAD_PATH, [
        ...identityFields(),
        file('front', 'front.png', 'image/png', program),
        file('back', 'back.png', 'image/png', png),
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        front: ["The file's content does not match its type: only genuine PDF, JPEG or PNG files are accepted."],
      });
    }
    const list = await t.app.inject({ method: 'GET', url: DOCUMENTS_PATH, headers: session.headers });
    expect(list.json().count).toBe(0);
  });

  it('refuses a file above 10 MB with 413', async () => {
    const big = Buffer.concat([png, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - png.length)]);
    const res = await post(await newSession(), IDENTITY_DOCUMENT_UPLOAD_PATH, [
      ...identityFields(),
      file('front', 'front.png', 'image/png', big),
      file('back', 'back.png', 'image/png', png),
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ front: ['The file is larger than the 10 MB limit.'] });
  });

  it('refuses a name that is not PDF, JPEG or PNG, and a type that contradicts the name', async () => {
    const session = await newSession();
    const gif = await post(session, IDENTITY_DOCUMENT_UPLOAD_PATH, [
      ...identityFields(),
      file('front', 'front.gif', 'image/gif', Buffer.from('GIF89a....')),
      file('back', 'back.exe', 'application/octet-stream', png),
    ]);
    expect(gif.statusCode).toBe(400);
    expect(gif.json()).toEqual({
      front: ['Only PDF, JPEG or PNG files are accepted.'],
      back: ['Only PDF, JPEG or PNG files are accepted.'],
    });
    const mismatch = await post(session, IDENTITY_DOCUMENT_UPLOAD_PATH, [
      ...identityFields(),
      file('front', 'front.pdf', 'image/png', pdf),
      file('back', 'back.jpg', 'image/jpeg', png),
    ]);
    expect(mismatch.json()).toEqual({
      front: ['Only PDF, JPEG or PNG files are accepted.'],
      back: ["The file's content does not match its type: only genuine PDF, JPEG or PNG files are accepted."],
    });
  });

  it('refuses an expired document, a future issue date and a bad number, in Italian too', async () => {
    const session = await newSession();
    const files = [file('front', 'f.pdf', 'application/pdf', pdf), file('back', 'b.pdf', 'application/pdf', pdf)];
    const expired = await post(session, IDENTITY_DOCUMENT_UPLOAD_PATH, [
      ...identityFields({ expires_on: day(0, -1), number: 'AB/12' }),
      ...files,
    ]);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({
      number: ['The document number may contain only letters and digits.'],
      expires_on: ['This document has expired: upload a document that is still valid.'],
    });
    const { payload, headers } = multipartBody([...identityFields({ issued_on: day(0, 2) }), ...files]);
    const italian = await t.app.inject({
      method: 'POST',
      url: IDENTITY_DOCUMENT_UPLOAD_PATH,
      payload,
      headers: { ...headers, ...session.headers, 'accept-language': 'it' },
    });
    expect(italian.json()).toEqual({ issued_on: ['La data di rilascio non può essere nel futuro.'] });
  });

  it('answers 401 to a stranger and 415 to a body that is not a form', async () => {
    const anonymous = await post(null, IDENTITY_DOCUMENT_UPLOAD_PATH, identityFields());
    expect(anonymous.statusCode).toBe(401);
    const json = await t.app.inject({
      method: 'POST',
      url: IDENTITY_DOCUMENT_UPLOAD_PATH,
      payload: { type: 'passport' },
      headers: (await newSession()).headers,
    });
    expect(json.statusCode).toBe(415);
  });
});

describe('proof of address upload', () => {
  const proof = (type: string, issuedOn: string) => [
    ...fieldParts({ type, issued_on: issuedOn }),
    file('file', 'proof.pdf', 'application/pdf', pdf),
  ];

  it('accepts a bill of the last three months and refuses one four months old', async () => {
    const session = await newSession();
    expect((await post(session, ADDRESS_PROOF_UPLOAD_PATH, proof('utility_bill', day(-2)))).statusCode).toBe(201);
    const old = await post(session, ADDRESS_PROOF_UPLOAD_PATH, proof('utility_bill', day(-4)));
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({ issued_on: ['The document must have been issued within the last 3 months.'] });
  });

  it('accepts an identity card issued 11 months ago, not one issued 13 months ago', async () => {
    const session = await newSession();
    const recent = await post(session, ADDRESS_PROOF_UPLOAD_PATH, proof('identity_card', day(-11)));
    expect(recent.statusCode, recent.body).toBe(201);
    const old = await post(session, ADDRESS_PROOF_UPLOAD_PATH, proof('driving_licence', day(-13)));
    expect(old.json()).toEqual({ issued_on: ['The document must have been issued within the last 12 months.'] });
  });

  it('requires the file, and refuses a type that does not prove an address', async () => {
    const res = await post(
      await newSession(),
      ADDRESS_PROOF_UPLOAD_PATH,
      fieldParts({ type: 'passport', issued_on: day(-1) }),
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['file', 'type']);
  });

  it('keeps a replaced proof as superseded', async () => {
    const session = await newSession();
    const first = (await post(session, ADDRESS_PROOF_UPLOAD_PATH, proof('bank_statement', day(-1)))).json();
    const second = (await post(session, ADDRESS_PROOF_UPLOAD_PATH, proof('utility_bill', day(0)))).json();
    const list = await t.app.inject({ method: 'GET', url: DOCUMENTS_PATH, headers: session.headers });
    const statuses = Object.fromEntries((list.json().results as DocumentItem[]).map((item) => [item.id, item.status]));
    expect(statuses).toEqual({ [first.id]: 'superseded', [second.id]: 'active' });
    const current = await t.app.inject({
      method: 'GET',
      url: `${DOCUMENTS_PATH}?status=active`,
      headers: session.headers,
    });
    expect(current.json().results.map((item: DocumentItem) => item.id)).toEqual([second.id]);
  });
});
