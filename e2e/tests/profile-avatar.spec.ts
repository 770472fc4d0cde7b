// A customer's picture as a person sets it, in Italian: a PDF chosen by mistake is refused under the
// picture and nothing changes; a photo chosen through the file dialog shows at once in the profile and
// the header's avatar menu, survives a reload, and removing it brings the initials back.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { NEW_USER_PASSWORD, registeredUser } from '../support/accounts';
import { signedIn } from '../support/people';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures');

test('a customer adds, replaces by mistake and removes a profile photo', async ({ browser, baseURL, request }) => {
  test.setTimeout(150_000);
  const email = await registeredUser(request, 'avatar', { first: 'Giulia', last: 'Ferri', language: 'it' });
  const page = await signedIn(browser, baseURL!, email, NEW_USER_PASSWORD, 'it-IT');
  await page.goto('/customer/profile/');
  const picker = page.getByTestId('avatar-picker');
  await expect(picker.getByRole('button', { name: 'Aggiungi una foto' })).toBeVisible();
  await expect(picker.locator('[data-initials="GF"]')).toBeAttached();

  const choose = async (file: string) => {
    const chooser = page.waitForEvent('filechooser');
    await picker.getByTestId('avatar-choose').click();
    await (await chooser).setFiles(path.join(FIXTURES, file));
  };
  await choose('utility-bill.pdf');
  await expect(page.getByTestId('avatar-hint')).toHaveText("Scegli un'immagine PNG o JPEG.");
  await expect(picker.locator('img')).toHaveCount(0);

  await choose('identity-front.png');
  await expect(page.getByText('Foto del profilo aggiornata.').first()).toBeVisible();
  await expect(picker.locator('img')).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  await expect(page.getByTestId('avatar-hint')).toContainText('PNG o JPEG');
  // The header's avatar shows the same picture.
  await expect(page.locator('header img[src^="data:image/jpeg"]').first()).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('avatar-picker').locator('img')).toHaveAttribute('src', /^data:image\/jpeg/);
  await page.getByTestId('avatar-remove').dblclick();
  await expect(page.getByText('Foto rimossa: ora mostriamo le tue iniziali.').first()).toBeVisible();
  await expect(page.getByTestId('avatar-picker').locator('img')).toHaveCount(0);
  await expect(page.getByTestId('avatar-picker').getByRole('button', { name: 'Aggiungi una foto' })).toBeVisible();
  await page.context().close();
});
