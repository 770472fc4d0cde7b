// Statements in the built app (issue 39): a customer with two settled funds finds a contract note for each
// among her documents, and asks for the statement of her paid-out advance from its page: the PDF downloads
// at once, states the amount paid out, and is filed among her documents too. An operator then draws that
// statement again from the back office, with a double-click: one new document, the old one superseded.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { NEW_USER_PASSWORD } from '../support/accounts';
import { pdfText } from '../support/pdf-text';
import { ADMIN, borrower, DEMO_PASSWORD, signedIn, smsCode } from '../support/people';

test('contract notes of the settled orders, and the advance statement on request', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(150_000);
  const { email, phone, me, admin, lines } = await borrower(request, 'statements', { first: 'Sara', last: 'Villa' });
  const advance = await me.post<{ id: number }>('/api/v1/advances/', {
    amount: '6000',
    instalments: 8,
    collateral: [lines.fund],
  });
  await admin.post(`/api/v1/backoffice/advances/${advance.id}/pre-approve/`);
  await me.post(`/api/v1/advances/${advance.id}/signature/`);
  await me.post(`/api/v1/advances/${advance.id}/sign/`, { code: await smsCode(phone, 'advance-contract') });
  await admin.post(`/api/v1/backoffice/advances/${advance.id}/approve/`);
  await admin.post(`/api/v1/backoffice/advances/${advance.id}/disburse/`);

  const page = await signedIn(browser, baseURL!, email, NEW_USER_PASSWORD);
  // The notes are drawn by a job right after settlement: asked for until the job has run, then shown.
  await expect
    .poll(
      async () =>
        (await me.get<{ results: Array<{ kind: string }> }>('/api/v1/documents/?per_page=50')).results.filter(
          (d) => d.kind === 'contract_note',
        ).length,
      { timeout: 60_000 },
    )
    .toBe(2);
  await page.goto('/customer/document/');
  await expect(page.getByTestId('resource-row').filter({ hasText: 'Contract note' })).toHaveCount(2);

  await page.goto(`/customer/loan/${advance.id}/`);
  const download = page.waitForEvent('download');
  await page.getByTestId('advance-statement').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^advance-${advance.id}-statement-\\d{4}-\\d{2}-\\d{2}\\.pdf$`));
  const text = pdfText(await readFile(await file.path()));
  expect(text).toContain(`Statement of advance no. ${advance.id}`);
  expect(text).toMatch(/Amount paid out\n.6,000\.00/);

  await page.goto('/customer/document/');
  await expect(page.getByTestId('resource-row').filter({ hasText: 'Advance statement' })).toHaveCount(1);

  const operator = await signedIn(browser, baseURL!, ADMIN, DEMO_PASSWORD, 'it-IT');
  await operator.goto('/customer/backoffice/statements/');
  await expect(operator.getByRole('heading', { level: 1, name: 'Estratti e note' })).toBeVisible();
  await operator.getByRole('searchbox').fill(email);
  const rows = operator.getByTestId('resource-row');
  const statementRow = rows.filter({ hasText: "Situazione dell'anticipo" });
  await expect(statementRow).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Nota eseguito' })).toHaveCount(2);
  await statementRow.getByRole('button', { name: 'Rigenera' }).dblclick();
  const dialog = operator.getByRole('dialog', { name: 'Rigenerare il documento?' });
  await expect(dialog).toContainText('Sara Villa');
  await dialog.getByRole('button', { name: 'Rigenera' }).dblclick();
  await expect(operator.getByText('Documento rigenerato: il cliente lo trova tra i suoi documenti.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(statementRow).toHaveCount(1);
  await operator.context().close();

  // One statement in force, the one before kept as superseded: the double-click drew it once.
  await page.goto('/customer/document/');
  const statements = page.getByTestId('resource-row').filter({ hasText: 'Advance statement' });
  await expect(statements).toHaveCount(2);
  await expect(statements.filter({ hasText: 'Replaced' })).toHaveCount(1);
  await page.context().close();
});
