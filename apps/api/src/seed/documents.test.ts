// The demo data set: the lead and the customer hold an identity card and a utility bill made of real
// files (they download as a PNG and a PDF), the base user has no document yet.

import { DOCUMENTS_PATH, documentFileDownloadPath } from '@lombard/shared/document-paths';
import type { DocumentItem } from '@lombard/shared/schemas/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sniffContentType } from '../lib/files/uploads';
import { createTestApp, type TestApp } from '../test/app';
import { loginAs } from '../test/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('demo documents', () => {
  it.each(['lead@demo.lombard.test', 'customer@demo.lombard.test'])(
    '%s has KYC documents with real files',
    async (email) => {
      const session = await loginAs(t.app, email);
      // One page for all: the demo customer's advance adds its contract and statements.
      const list = await t.app.inject({
        method: 'GET',
        url: `${DOCUMENTS_PATH}?per_page=100`,
        headers: session.headers,
      });
      const items = list.json().results as DocumentItem[];
      // The demo customer also holds a stock plan's document (the plan seeded for the advance screens).
      const kyc = items.filter((item) => item.kind === 'identity_document' || item.kind === 'address_proof');
      expect(kyc.map((item) => [item.kind, item.type, item.status]).sort()).toEqual([
        ['address_proof', 'utility_bill', 'active'],
        ['identity_document', 'identity_card', 'active'],
      ]);
      for (const item of items) {
        for (const file of item.files) {
          const res = await t.app.inject({
            method: 'GET',
            url: documentFileDownloadPath(item.id, file.id),
            headers: session.headers,
          });
          expect(res.statusCode).toBe(200);
          expect(sniffContentType(res.rawPayload)).toBe(file.content_type);
          expect(res.rawPayload.length).toBe(file.size);
        }
      }
    },
  );

  it('the base user has none yet', async () => {
    const session = await loginAs(t.app, 'base@demo.lombard.test');
    const list = await t.app.inject({ method: 'GET', url: DOCUMENTS_PATH, headers: session.headers });
    expect(list.json().count).toBe(0);
  });
});
