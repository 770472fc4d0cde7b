// Partner landing pages: one screen for the three seeded partners; an unknown one is the
// 404 screen.
import { expect, test } from '@playwright/test';
import { setVisitor, watchConsole } from '../support/landing';

const PARTNERS = [
  { slug: 'aurora-energia', name: 'Aurora Energia', ltv: '50%' },
  { slug: 'vela-robotics', name: 'Vela Robotics', ltv: '40%' },
  { slug: 'tessiture-lariane', name: 'Tessiture Lariane', ltv: '45%' },
];

for (const partner of PARTNERS) {
  test(`partner page of ${partner.name}`, async ({ page, context, baseURL }) => {
    await setVisitor(context, baseURL!, { locale: 'en-US' });
    const errors = watchConsole(page);
    await page.goto(`/l/${partner.slug}`);
    await expect(page.getByTestId('partner-name')).toHaveText(partner.name);
    const logo = page.getByTestId('partner-logo');
    await expect(logo).toHaveAttribute('src', /^data:image\/svg\+xml/);
    await expect(logo).toHaveAttribute('alt', `${partner.name} logo`);
    await expect(logo).toHaveAttribute('width', '56');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(partner.name.split(' ')[0]!);
    await expect(page.getByTestId('partner-hero')).toContainText(`up to ${partner.ltv}`);
    await expect(page.getByTestId('partner-register')).toHaveAttribute(
      'href',
      `/auth/register-account/?partner=${partner.slug}`,
    );
    expect(await page.title()).toContain(partner.name);
    expect(errors).toEqual([]);
  });
}

test('the sign-up call carries the partner to the registration form', async ({ page, context, baseURL }) => {
  await setVisitor(context, baseURL!, { locale: 'it-IT' });
  await page.goto('/l/vela-robotics/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Le tue RSU Vela Robotics valgono già oggi');
  await page.getByTestId('partner-register').click();
  await expect(page).toHaveURL(/\/auth\/register-account\/\?partner=vela-robotics$/);
});

test('an unknown partner shows the 404 screen', async ({ page, context, baseURL }) => {
  await setVisitor(context, baseURL!, { locale: 'en-US' });
  const errors = watchConsole(page);
  await page.goto('/l/acme-corp/');
  await expect(page.getByTestId('not-found-page')).toBeVisible();
  await expect(page.getByTestId('site-navbar')).toBeVisible();
  // The API answered 404; nothing else went wrong.
  expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
});
