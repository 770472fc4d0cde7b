import dayjs from 'dayjs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inTransaction } from '../../db/client';
import { translator } from '../../lib/i18n';
import { messagesTo } from '../../lib/outbox';
import { fillIn } from '../../seed/profiles';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, loginAs } from '../../test/auth';
import { fileAddressProof, fileIdentityDocument } from '../documents/service';
import { bestAnswers, submitAnswers } from '../mifid/service';

let t: TestApp;
const json = (res: { body: string }) => JSON.parse(res.body);
// A 1×1 PNG and a minimal PDF: real file signatures, as the upload rules want.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('approving the last step makes a base user a lead, e-mails them and writes the audit log', async () => {
  const user = await createUser(t.app, { email: 'elena@example.test', firstName: 'Elena', lastName: 'Ferri' });
  const db = t.database.db;
  await fillIn(
    db,
    {
      email: user.email,
      sex: 'F',
      birthDate: '1988-06-30',
      birthPlace: 'Verona',
      placeCode: 'L781',
      street: 'Via Mazzini 3',
      city: 'Verona',
      province: 'VR',
      postCode: '37121',
      phone: '+393401234567',
      iban: 'IT60X0542811101000000123456',
    },
    true,
  );
  // The questionnaire is the person's own step, done without review.
  await submitAnswers(db, { userId: user.id, answers: await bestAnswers(db), now: new Date() }, translator('it'));
  const today = dayjs();
  await inTransaction(db, async (tx) => {
    await fileIdentityDocument(
      tx,
      t.app.files,
      user.id,
      {
        type: 'identity_card',
        number: 'CA11223EE',
        issued_on: today.subtract(1, 'year').format('YYYY-MM-DD'),
        expires_on: today.add(9, 'year').format('YYYY-MM-DD'),
      },
      [
        { side: 'front', fileName: 'front.png', contentType: 'image/png', bytes: PNG },
        { side: 'back', fileName: 'back.png', contentType: 'image/png', bytes: PNG },
      ],
    );
    await fileAddressProof(
      tx,
      t.app.files,
      user.id,
      { type: 'utility_bill', issued_on: today.subtract(1, 'month').format('YYYY-MM-DD') },
      { side: null, fileName: 'bill.pdf', contentType: 'application/pdf', bytes: PDF },
    );
  });
  const admin = await loginAs(t.app, 'admin@demo.lombard.test');
  const waiting = ['citizenship', 'identity', 'addresses', 'kyc', 'occupation', 'bank-account'];
  let last: { attributes: string[]; progress: { approved: boolean } } | undefined;
  for (const step of waiting) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/backoffice/kyc-reviews/${user.id}/steps/${step}/approve/`,
      headers: admin.headers,
    });
    expect(res.statusCode, `${step}: ${res.body}`).toBe(200);
    last = json(res);
    if (step !== 'bank-account') expect(last?.attributes).toEqual(['base']);
  }
  expect(last?.progress.approved).toBe(true);
  expect(last?.attributes).toEqual(['lead']);
  const me = json(
    await t.app.inject({ method: 'GET', url: '/api/account/me/', headers: (await loginAs(t.app, user.email)).headers }),
  );
  expect(me.profile).toBe('lead');
  const [mail] = await messagesTo(db, user.email, 'profile_approved');
  expect(mail?.subject).toBe('Your Lombard profile has been approved');
  const audit = json(
    await t.app.inject({ method: 'GET', url: '/api/v1/backoffice/audit-log/?per_page=50', headers: admin.headers }),
  );
  expect(JSON.stringify(audit)).toContain('promote');
});
