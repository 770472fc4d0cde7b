// The help centre: collections with articles fetched unfiltered and kept per language, an article
// translated only into Italian absent in English, search over titles and bodies, reply times.
import { expect, test } from '@playwright/test';
import { hydrate, setVisitor, watchConsole } from '../support/landing';

test('fetches collections unfiltered (per_page 50, page 1) and shows the Italian-only article in Italian', async ({
  page,
  context,
  baseURL,
}) => {
  await setVisitor(context, baseURL!, { locale: 'it-IT' });
  // A visit to /support/ gets the collections from the server's render; the browser fetches them itself
  // when the app navigates there (from a page the app hydrates: the home is made of islands, whose links
  // load the next page from the server).
  await page.goto('/why-us/');
  await hydrate(page);
  const call = page.waitForRequest((r) => r.url().includes('/api/v1/intercom/collections/with-articles/'));
  await page.getByTestId('navbar-links').getByRole('link', { name: 'Assistenza' }).click();
  await expect(page).toHaveURL(/\/support\/$/);
  const url = new URL((await call).url());
  expect(url.searchParams.get('per_page')).toBe('50');
  expect(url.searchParams.get('page')).toBe('1');
  expect(url.searchParams.has('language')).toBe(false);
  await expect(page.getByTestId('support-collection-card')).toHaveCount(4);
  await expect(page.getByTestId('support-reply-times')).toContainText('entro 24 ore nei giorni feriali');
  await expect(page.getByTestId('support-reply-times')).toContainText('Entro 72 ore nel fine settimana e nei festivi');

  await page.getByTestId('support-collection-card').filter({ hasText: 'Anticipi' }).click();
  await expect(page).toHaveURL(/\/support\/anticipi\/$/);
  await expect(page.locator('[data-slug="verifica-del-credito"]')).toBeVisible();
  await page.locator('[data-slug="verifica-del-credito"]').click();
  await expect(page.getByTestId('support-article-title')).toHaveText('Serve una verifica del merito creditizio?');
  await expect(page.getByTestId('support-article-body')).toContainText('non chiediamo buste paga');
});

test('in English the Italian-only article is absent, and its address is a 404', async ({ page, context, baseURL }) => {
  await setVisitor(context, baseURL!, { locale: 'en-US' });
  const errors = watchConsole(page);
  await page.goto('/support/anticipi/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Advances');
  const links = page.getByTestId('support-article-link');
  await expect(links).toHaveCount(5);
  await expect(page.locator('[data-slug="verifica-del-credito"]')).toHaveCount(0);
  await expect(links.first()).toContainText('How the advance works');

  await page.goto('/support/anticipi/verifica-del-credito/');
  await expect(page.getByTestId('not-found-page')).toBeVisible();
  await page.goto('/support/no-such-collection/');
  await expect(page.getByTestId('not-found-page')).toBeVisible();
  expect(errors).toEqual([]);
});

test('search looks through titles and bodies, in the current language only', async ({ page, context, baseURL }) => {
  await setVisitor(context, baseURL!, { locale: 'it-IT' });
  await page.goto('/support/');
  const search = page.getByTestId('support-search');
  // "buste paga" appears only in the body of the Italian-only article.
  await search.fill('buste paga');
  const hits = page.getByTestId('support-search-hit');
  await expect(hits.first()).toBeVisible();
  await expect(page.getByTestId('support-search-results')).toContainText('Serve una verifica del merito creditizio?');
  // A word in one title and in another article's body: the title match comes first.
  await search.fill('rimborsare');
  await expect(hits).toHaveCount(2);
  await expect(hits.first()).toContainText('Posso rimborsare prima della scadenza?');
  await expect(hits.nth(1)).toContainText('Cosa succede se il valore delle garanzie scende?');

  await context.clearCookies();
  await setVisitor(context, baseURL!, { locale: 'en-US' });
  await page.goto('/support/?q=merito');
  await expect(page.getByTestId('support-search-results')).toContainText('0 results');
  await page.getByTestId('support-search').fill('repay');
  await expect(page.getByTestId('support-search-hit').first()).toBeVisible();
});

test('an article body is the sanitised rich text and the pledge document is linked', async ({
  page,
  context,
  baseURL,
}) => {
  await setVisitor(context, baseURL!, { locale: 'en-US' });
  await page.goto('/support/anticipi/quanto-posso-ottenere/');
  const body = page.getByTestId('support-article-body');
  await expect(body.locator('ul li')).toHaveCount(5);
  await expect(body.locator('strong')).toHaveText('loan-to-value');
  await page.goto('/support/');
  await expect(page.getByTestId('support-pledge-download')).toHaveAttribute(
    'href',
    '/api/v1/public/pledge-document/?language=en',
  );
});
