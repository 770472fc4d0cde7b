// Stored files in an S3-compatible bucket (S3_URL), over the real S3 protocol: s3rver listens on loopback,
// started (and stopped, and started again) by this file. Everything goes through the HTTP API, and the
// answers are compared with those of an app on the local folder.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { documentFileDownloadPath, IDENTITY_DOCUMENT_UPLOAD_PATH } from '@lombard/shared/document-paths';
import type { DocumentItem } from '@lombard/shared/schemas/documents';
import dayjs from 'dayjs';
import { count, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentFiles, documents } from '../../db/schema/documents';
import { exportsTable } from '../../db/schema/exports';
import { storedFiles } from '../../db/schema/files';
import { jobs } from '../../db/schema/jobs';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, loginAs, type Session } from '../../test/auth';
import { fieldParts, type MultipartPart, multipartBody } from '../../test/multipart';
import { filesRoot } from './store';

const BUCKET = 'lombard-files';
// s3rver's own credentials: it checks the requests' signatures against them.
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';

const directory = mkdtempSync(path.join(os.tmpdir(), 'lombard-s3rver-'));
let store: S3rver | null = null;
let port = 0;

/** Starts the store, on the same port and folder after a stop (the app's S3_URL names the port). */
async function startStore() {
  store = new S3rver({
    address: '127.0.0.1',
    port,
    directory,
    silent: true,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  port = (await store.run()).port;
}

async function stopStore() {
  await store?.close();
  store = null;
}

let onS3: TestApp;
let onDisk: TestApp;
let bucket: S3Client;
const logLines: string[] = [];

beforeAll(async () => {
  await startStore();
  const endpoint = `http://127.0.0.1:${port}`;
  onS3 = await createTestApp({
    seed: false,
    env: {
      S3_URL: `s3://${BUCKET}?region=eu-south-1&endpoint=${endpoint}`,
      AWS_ACCESS_KEY_ID: ACCESS_KEY,
      AWS_SECRET_ACCESS_KEY: SECRET_KEY,
      LOG_LEVEL: 'info',
    },
    logStream: { write: (line: string) => void logLines.push(line) },
  });
  onDisk = await createTestApp({ seed: false });
  // The test's own look into the bucket, beside the app's.
  bucket = new S3Client({
    region: 'eu-south-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY },
  });
});

afterAll(async () => {
  bucket?.destroy();
  await onS3?.close();
  await onDisk?.close();
  await stopStore();
  rmSync(directory, { recursive: true, force: true });
});

async function objectKeys(): Promise<string[]> {
  const listed = await bucket.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (listed.Contents ?? []).map((object) => object.Key!).sort();
}

const rowCount = async (t: TestApp, table: typeof storedFiles | typeof documents | typeof exportsTable) =>
  (await t.database.db.select({ n: count() }).from(table))[0]!.n;

let users = 0;
async function customer(t: TestApp): Promise<Session> {
  users += 1;
  const email = `holder${users}@example.com`;
  await createUser(t.app, { email });
  return loginAs(t.app, email);
}

const day = (months: number) => dayjs().add(months, 'month').format('YYYY-MM-DD');
// The upload checks read a file's first bytes: a PNG's signature and a PDF's header are enough to pass.
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 3)]);
const pdfOf = (text: string) => Buffer.from(`%PDF-1.7\n% ${text}\n%%EOF\n`);

function uploadIdentity(t: TestApp, session: Session, files: MultipartPart[], language = 'en') {
  const { payload, headers } = multipartBody([
    ...fieldParts({ type: 'identity_card', number: 'CA 12345 AB', issued_on: day(-24), expires_on: day(84) }),
    ...files,
  ]);
  return t.app.inject({
    method: 'POST',
    url: IDENTITY_DOCUMENT_UPLOAD_PATH,
    payload,
    headers: { ...headers, ...session.headers, 'accept-language': language },
  });
}

const part = (name: string, fileName: string, contentType: string, data: Buffer) => ({
  name,
  fileName,
  contentType,
  data,
});

const download = (t: TestApp, session: Session, item: DocumentItem, index = 0) =>
  t.app.inject({
    method: 'GET',
    url: documentFileDownloadPath(item.id, item.files[index]!.id),
    headers: { ...session.headers, 'accept-language': 'en' },
  });

/** The storage key behind a document's file (an item's file id is its link to the document). */
async function storageKeyOf(t: TestApp, item: DocumentItem, index = 0) {
  const [row] = await t.database.db
    .select({ key: storedFiles.storageKey })
    .from(documentFiles)
    .innerJoin(storedFiles, eq(storedFiles.id, documentFiles.fileId))
    .where(eq(documentFiles.id, item.files[index]!.id));
  return row!.key;
}

const DOWNLOAD_HEADERS = [
  'content-type',
  'content-length',
  'content-disposition',
  'access-control-expose-headers',
  'cache-control',
  'x-content-type-options',
];

describe('with S3_URL', () => {
  it('keeps an upload in the bucket and answers its download as from the local folder, byte for byte', async () => {
    // Over 5 MB: the upload is sent in parts (a multipart upload), the way any large file streams.
    const front = Buffer.concat([pdfOf('Carta di identità, Rossi Mario'), Buffer.alloc(6 << 20, 7)]);
    const files = [
      part('front', 'fronte è.pdf', 'application/pdf', front),
      part('back', 'retro.png', 'image/png', png),
    ];
    const s3Session = await customer(onS3);
    const diskSession = await customer(onDisk);
    const before = await objectKeys();

    const onBucket = await uploadIdentity(onS3, s3Session, files);
    const onFolder = await uploadIdentity(onDisk, diskSession, files);
    expect(onBucket.statusCode, onBucket.body).toBe(201);
    expect(onFolder.statusCode, onFolder.body).toBe(201);
    const item = onBucket.json() as DocumentItem;

    const keys = await Promise.all([storageKeyOf(onS3, item, 0), storageKeyOf(onS3, item, 1)]);
    expect(await objectKeys()).toEqual([...before, ...keys].sort());
    // Nothing of it on this machine's disk.
    const onMachine = existsSync(filesRoot(onS3.dataDir))
      ? readdirSync(filesRoot(onS3.dataDir), { recursive: true })
      : [];
    expect(onMachine).toEqual([]);

    for (const index of [0, 1]) {
      const fromBucket = await download(onS3, s3Session, item, index);
      const fromFolder = await download(onDisk, diskSession, onFolder.json() as DocumentItem, index);
      expect(fromBucket.statusCode).toBe(200);
      expect(fromBucket.rawPayload.equals(files[index]!.data)).toBe(true);
      for (const header of DOWNLOAD_HEADERS) {
        expect({ header, value: fromBucket.headers[header] }).toEqual({ header, value: fromFolder.headers[header] });
      }
    }
  });

  it('streams an XLSX export into the bucket, and it downloads as a workbook', async () => {
    await createUser(onS3.app, { email: 'operator@example.com', attributes: ['admin'] });
    const admin = await loginAs(onS3.app, 'operator@example.com');
    const before = await objectKeys();
    const asked = await onS3.app.inject({
      method: 'PATCH',
      url: '/api/v1/backoffice/users/export-xlsx/',
      payload: { filters: { order_by__: 'email' } },
      headers: admin.headers,
    });
    expect(asked.statusCode).toBe(202);
    expect(await onS3.app.jobs.drain()).toBe(1);
    const [exported] = await onS3.database.db.select().from(exportsTable);
    const [file] = await onS3.database.db.select().from(storedFiles).where(eq(storedFiles.id, exported!.fileId!));
    expect(await objectKeys()).toEqual([...before, file!.storageKey].sort());

    const res = await onS3.app.inject({
      method: 'GET',
      url: `/api/v1/exports/${exported!.id}/download_document_file`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(file!.size));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as never);
    const emails = workbook.worksheets[0]!.getColumn(2).values.slice(2);
    expect(emails).toContain('operator@example.com');
  });

  it('answers 404 with its own message for a file whose object is gone, and logs it as a fault', async () => {
    const session = await customer(onS3);
    const pdf = pdfOf('Carta di identità, Rossi Mario');
    const uploaded = (
      await uploadIdentity(onS3, session, [
        part('front', 'front.pdf', 'application/pdf', pdf),
        part('back', 'back.png', 'image/png', png),
      ])
    ).json() as DocumentItem;
    // The object is taken away behind the app's back.
    const key = await storageKeyOf(onS3, uploaded);
    await onS3.app.files.delete(key);
    expect(await onS3.app.files.exists(key)).toBe(false);

    const res = await download(onS3, session, uploaded);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: 'STORED_FILE_MISSING',
      detail:
        'This file is no longer available. Write to support@lombard.test naming the document, and we will look into it.',
    });
    const logged = logLines.map((line) => JSON.parse(line)).find((line) => line.storageKey === key);
    expect(logged).toMatchObject({
      level: 50,
      msg: 'stored file has no bytes in the file store',
      location: `s3://${BUCKET}`,
    });
    // The other file of the document is still there.
    expect((await download(onS3, session, uploaded, 1)).statusCode).toBe(200);
  });

  it('removes the objects of an upload whose transaction rolls back after they were written', async () => {
    // The link of the back side fails, after both files are in the bucket and the front's row is written.
    await onS3.database.db.execute(
      sql`alter table document_files add constraint refuses_backs check (side is distinct from 'back') not valid`,
    );
    try {
      const session = await customer(onS3);
      const before = await objectKeys();
      const files = await rowCount(onS3, storedFiles);
      const res = await uploadIdentity(onS3, session, [
        part('front', 'front.png', 'image/png', png),
        part('back', 'back.png', 'image/png', png),
      ]);
      expect(res.statusCode).toBe(500);
      expect(await objectKeys()).toEqual(before);
      expect(await rowCount(onS3, storedFiles)).toBe(files);
    } finally {
      await onS3.database.db.execute(sql`alter table document_files drop constraint refuses_backs`);
    }
  });

  it('answers 503 while the store is down, saving nothing, and works again once it is back', async () => {
    const session = await customer(onS3);
    const pdf = pdfOf('Carta di identità, Bianchi Anna');
    const files = [part('front', 'front.pdf', 'application/pdf', pdf), part('back', 'back.png', 'image/png', png)];
    const stored = (await uploadIdentity(onS3, session, files)).json() as DocumentItem;
    const counts = async () => [await rowCount(onS3, documents), await rowCount(onS3, storedFiles)];
    const before = await counts();
    await stopStore();
    try {
      for (const language of ['en', 'it']) {
        const res = await uploadIdentity(onS3, session, files, language);
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('10');
        expect(res.json().code).toBe('FILE_STORE_UNAVAILABLE');
        expect(res.json().detail).toBe(
          language === 'en'
            ? 'Files cannot be saved or opened right now: nothing has been saved. Please try again in a few minutes.'
            : 'Al momento non è possibile salvare o aprire i file: non è stato salvato nulla. Riprova tra qualche minuto.',
        );
      }
      // Nothing half-written: no document, no file row, and the earlier document still listed whole.
      expect(await counts()).toEqual(before);
      const downloadDown = await download(onS3, session, stored);
      expect(downloadDown.statusCode).toBe(503);
      expect(downloadDown.json().code).toBe('FILE_STORE_UNAVAILABLE');

      // An export made meanwhile fails as a job (to be tried again later), recording nothing.
      const admin = await loginAs(onS3.app, 'operator@example.com');
      const exportsBefore = await rowCount(onS3, exportsTable);
      await onS3.app.inject({
        method: 'PATCH',
        url: '/api/v1/backoffice/users/export-xlsx/',
        payload: { filters: {} },
        headers: admin.headers,
      });
      await onS3.app.jobs.drain();
      expect(await rowCount(onS3, exportsTable)).toBe(exportsBefore);
      const [job] = await onS3.database.db.select().from(jobs).orderBy(sql`${jobs.id} desc`).limit(1);
      expect(job).toMatchObject({ status: 'pending', lastError: expect.stringContaining('FILE_STORE_UNAVAILABLE') });
    } finally {
      await startStore();
    }
    const again = await uploadIdentity(onS3, session, files);
    expect(again.statusCode).toBe(201);
    expect((await download(onS3, session, again.json() as DocumentItem)).rawPayload.equals(pdf)).toBe(true);
    // The store's errors were logged with their cause, and never with a credential.
    expect(logLines.some((line) => line.includes('FILE_STORE_UNAVAILABLE'))).toBe(true);
    expect(logLines.join('\n')).not.toContain(SECRET_KEY);
  });
});
