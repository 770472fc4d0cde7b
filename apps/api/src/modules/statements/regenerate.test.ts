// An operator draws an issued statement again: the same figures from the books, filed under the same key,
// the one before kept as superseded; audited; refused to customers and for documents that are no statement.
import { DOCUMENTS_PATH, documentFileDownloadPath } from '@lombard/shared/document-paths';
import type { DocumentItem } from '@lombard/shared/schemas/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, type Session } from '../../test/auth';
import { type MoneyFixture, moneyFixture } from '../../test/money';
import { pdfText } from '../../test/pdf-text';

let f: MoneyFixture;
let customer: Session;
beforeAll(async () => {
  f = await moneyFixture();
  customer = await loginAs(f.app, 'customer@demo.lombard.test');
});
afterAll(() => f.t.close());

// Every document on one page: the demo customer's advance adds its contract and statements to the list.
const documents = async () =>
  (await f.get(customer, `${DOCUMENTS_PATH}?per_page=100`)).json().results as DocumentItem[];
const textOf = async (item: DocumentItem) =>
  pdfText((await f.get(customer, documentFileDownloadPath(item.id, item.files[0]!.id))).rawPayload);
const regenerate = (session: Session, id: number) => f.post(session, `/api/v1/backoffice/documents/${id}/regenerate/`);

describe('regenerating a statement', () => {
  it.each(['contract_note', 'asset_statement'] as const)(
    'draws a %s again and supersedes the one before',
    async (kind) => {
      const before = (await documents()).find((d) => d.kind === kind && d.status === 'active')!;
      const res = await regenerate(f.admin, before.id);
      expect(res.statusCode, res.body).toBe(201);
      const again = res.json() as DocumentItem;
      expect(again).toMatchObject({ kind, status: 'active', origin: 'issued' });
      expect(again.id).not.toBe(before.id);

      const list = await documents();
      expect(list.find((d) => d.id === before.id)!.status).toBe('superseded');
      expect(list.filter((d) => d.kind === kind && d.status === 'active')).toHaveLength(
        kind === 'contract_note' ? 5 : 1,
      );
      // The books have not moved: the figures are the same.
      const figures = (text: string) =>
        text.split('\n').filter((line) => /\d/.test(line) && !/\d{2}\/\d{2}\/\d{4}/.test(line));
      expect(figures(await textOf(again))).toEqual(figures(await textOf(before)));

      const audit = await f.get(
        f.admin,
        `/api/v1/backoffice/audit-log/?action=regenerate&object_type=documents&object_id=${before.id}`,
      );
      expect(audit.statusCode).toBe(200);
      expect(audit.json().results).toHaveLength(1);
    },
  );

  it('lists the statements in force for operators, each named by what it is of, the superseded ones left out', async () => {
    const list = await f.app.inject({
      method: 'GET',
      url: '/api/v1/backoffice/statements/?search=customer@demo.lombard.test&kind=asset_statement',
      headers: { ...f.admin.headers, 'accept-language': 'it' },
    });
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().results as Array<Record<string, unknown>>;
    const current = (await documents()).filter((d) => d.kind === 'asset_statement' && d.status === 'active');
    expect(rows.map((r) => r.id)).toEqual(current.map((d) => d.id));
    expect(rows[0]).toMatchObject({
      kind: 'asset_statement',
      kind_name: 'Rendicontazione patrimoniale',
      subject: expect.stringMatching(/^Trimestre \d{4}-Q[1-4]$/),
      user: { email: 'customer@demo.lombard.test' },
    });
    const english = await f.app.inject({
      method: 'GET',
      url: '/api/v1/backoffice/statements/?kind=contract_note&search=customer@demo.lombard.test',
      headers: { ...f.admin.headers, 'accept-language': 'en' },
    });
    expect(english.json().results[0]).toMatchObject({
      kind_name: 'Contract note',
      subject: expect.stringMatching(/^Order no\. \d+$/),
    });
    expect((await f.get(customer, '/api/v1/backoffice/statements/')).statusCode).toBe(403);
  });

  it('is refused to a customer and for a document that is no statement', async () => {
    const note = (await documents()).find((d) => d.kind === 'contract_note')!;
    expect((await regenerate(customer, note.id)).statusCode).toBe(403);
    const kyc = (await documents()).find((d) => d.origin === 'uploaded')!;
    expect((await regenerate(f.admin, kyc.id)).statusCode).toBe(404);
  });
});
