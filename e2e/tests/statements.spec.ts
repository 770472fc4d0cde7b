// Statements in the built app (issue 39): a customer with two settled funds finds a contract note for each
// among her documents, and asks for the statement of her paid-out advance from its page: the PDF downloads
// at once, states the amount paid out, and is filed among her documents too.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { NEW_USER_PASSWORD } from '../support/accounts';
import { pdfText } from '../support/pdf-text';
import { borrower, signedIn, smsCode } from '../support/people';

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
  // The notes are drawn by a job right after settlement: there within a few polls.
  await expect(async () => {
    await page.goto('/customer/document/');
    await expect(page.getByTestId('resource-row').filter({ hasText: 'Contract note' })).toHaveCount(2, {
      timeout: 3_000,
    });
  }).toPass({ timeout: 30_000 });

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
  await page.context().close();
});
