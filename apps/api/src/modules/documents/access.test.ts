// Who sees which document: the owner in their list, detail and downloads; an admin downloads any; anybody
// else gets 404 everywhere. Also: the KYC step goes to review once both documents are on file, and the
// log of the whole run never holds a document number.

import {
  ADDRESS_PROOF_UPLOAD_PATH,
  DOCUMENTS_PATH,
  documentFileDownloadPath,
  IDENTITY_DOCUMENT_UPLOAD_PATH,
} from '@lombard/shared/document-paths';
import type { DocumentItem } from '@lombard/shared/schemas/documents';
import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePdf, samplePng } from '../../seed/sample-files';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, loginAs, type Session } from '../../test/auth';
import { fieldParts, multipartBody } from '../../test/multipart';

// Distinctive numbers, looked for in the log afterwards.
const NUMBER = 'ZX9876543QW';
const OTHER_NUMBER = 'KP5550001RT';

const lines: string[] = [];
let t: TestApp;
let owner: Session;
let stranger: Session;
let admin: Session;
let identity: DocumentItem;
let pdf: Buffer;
const png = samplePng(30, 20, [0x8c, 0x1f, 0x3a]);
const day = (months: number) => dayjs().add(months, 'month').format('YYYY-MM-DD');

function upload(
  session: Session,
  url: string,
  fields: Record<string, string>,
  files: Record<string, [string, Buffer]>,
) {
  const { payload, headers } = multipartBody([
    ...fieldParts(fields),
    ...Object.entries(files).map(([name, [fileName, data]]) => ({
      name,
      fileName,
      contentType: fileName.endsWith('.pdf') ? 'application/pdf' : 'image/png',
      data,
    })),
  ]);
  return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...session.headers } });
}

beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    env: { LOG_LEVEL: 'trace' },
    logStream: { write: (line: string) => void lines.push(line) },
  });
  pdf = await samplePdf('Patente di guida', ['Numero: riservato']);
  await createUser(t.app, { email: 'owner@example.com' });
  await createUser(t.app, { email: 'stranger@example.com' });
  await createUser(t.app, { email: 'operator@example.com', attributes: ['admin'] });
  owner = await loginAs(t.app, 'owner@example.com');
  stranger = await loginAs(t.app, 'stranger@example.com');
  admin = await loginAs(t.app, 'operator@example.com');
  const res = await upload(
    owner,
    IDENTITY_DOCUMENT_UPLOAD_PATH,
    { type: 'driving_licence', number: NUMBER, issued_on: day(-30), expires_on: day(90) },
    { front: ['fronte patente «Rossi».png', png], back: ['retro.pdf', pdf] },
  );
  expect(res.statusCode, res.body).toBe(201);
  identity = res.json();
  // A refused upload too: its number must not reach the log either.
  await upload(
    stranger,
    IDENTITY_DOCUMENT_UPLOAD_PATH,
    { type: 'passport', number: OTHER_NUMBER, issued_on: day(-130), expires_on: day(-1) },
    { front: ['p.pdf', pdf] },
  );
});
afterAll(async () => t.close());

const get = (session: Session, url: string) => t.app.inject({ method: 'GET', url, headers: session.headers });

describe('the owner', () => {
  it('sees the document in the generic list, the number masked except the last four characters', async () => {
    const res = await get(owner, DOCUMENTS_PATH);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: 1, page: 1, next: null, previous: null });
    expect(body.results[0]).toMatchObject({ id: identity.id, type: 'driving_licence', number: '•••••••43QW' });
    expect(body.results[0].files.map((f: { side: string }) => f.side)).toEqual(['front', 'back']);
    expect(res.body).not.toContain(NUMBER);
    expect((await get(owner, `${DOCUMENTS_PATH}${identity.id}/`)).json()).toEqual(body.results[0]);
  });

  it('downloads a file as an attachment with its type, name and nosniff', async () => {
    const front = identity.files[0]!;
    const res = await get(owner, documentFileDownloadPath(identity.id, front.id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="fronte patente _Rossi_.png"; filename*=UTF-8''${encodeURIComponent('fronte patente «Rossi».png')}`,
    );
    expect(res.rawPayload.equals(png)).toBe(true);
  });

  it('sends the KYC step to review once the identity document and a proof of address are on file', async () => {
    const before = await get(owner, '/api/v1/profile/');
    const kycBefore = before.json().progress.steps.find((s: { step: string }) => s.step === 'kyc');
    expect(kycBefore.status).toBe('todo');
    const proof = await upload(
      owner,
      ADDRESS_PROOF_UPLOAD_PATH,
      { type: 'utility_bill', issued_on: day(-1) },
      { file: ['bolletta.pdf', pdf] },
    );
    expect(proof.statusCode).toBe(201);
    const after = await get(owner, '/api/v1/profile/');
    const kyc = after.json().progress.steps.find((s: { step: string }) => s.step === 'kyc');
    expect(kyc.status).toBe('submitted');
  });
});

describe('anybody else', () => {
  it('gets 404 for the list entry, the detail and every download', async () => {
    const list = await get(stranger, DOCUMENTS_PATH);
    expect(list.json().results.map((item: DocumentItem) => item.id)).not.toContain(identity.id);
    expect((await get(stranger, `${DOCUMENTS_PATH}${identity.id}/`)).statusCode).toBe(404);
    for (const file of identity.files) {
      const res = await get(stranger, documentFileDownloadPath(identity.id, file.id));
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
    }
    // A file id paired with another document of the owner's is not a way in either.
    expect((await get(owner, documentFileDownloadPath(identity.id + 1000, identity.files[0]!.id))).statusCode).toBe(
      404,
    );
    expect((await get(owner, '/api/v1/documents/abc/files/1/download/')).statusCode).toBe(404);
  });

  it('an admin downloads any user’s file', async () => {
    const back = identity.files[1]!;
    const res = await get(admin, documentFileDownloadPath(identity.id, back.id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.equals(pdf)).toBe(true);
  });
});

describe('the log of the run', () => {
  it('never holds a document number', () => {
    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(10);
    expect(log).not.toContain(NUMBER);
    expect(log).not.toContain(OTHER_NUMBER);
  });
});
