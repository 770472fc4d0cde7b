// The borrower's edge in every state it shows (docs/decisions/031, 036, 037, 038), as a designer checks it:
// the demo customer's home, her borrow-or-sell comparison with the APR explained and her remedy ranking in
// the normal state; then an operator records lower NAVs of the equity fund pledged to her advance, so that
// it crosses the warning and then the margin-call limit, and offers forbearance from the margin-call desk.
// In each state the screen says what a person should notice, and is photographed in Italian and English,
// light and dark, at 375 and 1280 px (e2e/.screenshots/) and scanned by axe (WCAG 2.1 AA) each time.
// The prices go back as they were at the end, and her ranking too.
import type { RemedyRanking, RemedyRankingView } from '@lombard/shared/schemas/margin-alerts';
import { expect, type Page, test } from '@playwright/test';
import { latestNav, navForm, recordNav } from '../support/navs';
import { ADMIN, apiAs, DEMO_PASSWORD, signedIn } from '../support/people';
import { inLanguage, photographEveryWay } from '../support/screens';

const CUSTOMER = 'customer@demo.lombard.test';
const EQUITY = 'Azionario Globale Sostenibile';
const RANKING_API = '/api/v1/advances/remedy-ranking/';

/** Until the advance's alert panel shows the stage (in English): the check runs after the NAVs are recorded. */
async function untilStage(page: Page, advancePage: string, stage: string) {
  await expect(async () => {
    await page.goto(advancePage);
    await expect(page.getByTestId('alert-stage')).toHaveText(stage, { timeout: 2_000 });
  }).toPass({ timeout: 120_000 });
}

/** The advance page, drawn to its last part: the panels, the gauge, the replay and its custom fall. */
async function showAdvance(page: Page, advancePage: string) {
  await page.goto(advancePage);
  await expect(page.getByTestId('ltv-gauge')).toBeVisible();
  await expect(page.getByTestId('crisis-result')).toBeVisible();
  await expect(page.getByTestId('custom-result')).toBeVisible();
}

test('the advance in the warning and margin-call states, forbearance, the ranking, the desk and the comparison, photographed and scanned', async ({
  browser,
  baseURL,
  request,
}) => {
  // Nine screens, each in eight ways, and two people: far more than a journey's default.
  test.setTimeout(600_000);
  const base = baseURL!;
  const customer = await signedIn(browser, base, CUSTOMER, DEMO_PASSWORD);
  const operator = await signedIn(browser, base, ADMIN, DEMO_PASSWORD);
  const me = await apiAs(request, CUSTOMER, DEMO_PASSWORD);
  const rankingBefore = (await me.get<RemedyRankingView>(RANKING_API)).ranking;

  await customer.goto('/customer/home/');
  await customer.getByTestId('home-advance-card').getByRole('link', { name: 'Open the advance' }).click();
  await expect(customer).toHaveURL(/\/customer\/loan\/\d+\/$/);
  const advancePage = new URL(customer.url()).pathname;
  // A journey before this one may have moved the prices and put them back: the check has run since.
  await untilStage(customer, advancePage, 'All clear');

  await test.step('normal state: the home with her net worth and the small gauge', async () => {
    await photographEveryWay(customer, base, {
      name: 'home-clear',
      show: async (locale) => {
        const say = inLanguage(locale);
        await customer.goto('/customer/home/');
        const card = customer.getByTestId('net-worth-card');
        await expect(card.getByTestId('net-worth-forced-sale')).toContainText(
          say('Dopo una vendita forzata', "After a forced sale at today's prices"),
        );
        await expect(customer.getByTestId('home-risk').getByTestId('risk-fall')).toContainText(
          say('aprirebbe una richiesta', 'would open a margin call'),
        );
        await expect(customer.getByTestId('home-advance-card').getByTestId('margin-call')).toHaveCount(0);
      },
    });
  });

  await test.step('normal state: borrow or sell for 5,000 € over 8 quarters, and the APR explained', async () => {
    const comparison = async (locale: Parameters<typeof inLanguage>[0]) => {
      await customer.goto('/customer/loan/borrow-or-sell/?amount=5000.00&term=8');
      await expect(customer.getByTestId('borrow-or-sell-verdict')).toContainText(
        inLanguage(locale)('In 8 trimestri', 'Over 8 quarters'),
      );
      await expect(customer.getByTestId('borrow-or-sell-table').locator('tbody tr')).toHaveCount(6);
    };
    await photographEveryWay(customer, base, { name: 'borrow-or-sell', show: comparison });
    await photographEveryWay(customer, base, {
      name: 'apr-explanation',
      show: comparison,
      open: async (locale) => {
        await customer.getByTestId('borrow-column').getByTestId('apr-open').click();
        const dialog = customer.getByRole('dialog', {
          name: inLanguage(locale)('Come si calcola il TAEG', 'How the APR is worked out'),
        });
        await expect(dialog.getByTestId('apr-flows').locator('tbody tr')).toHaveCount(9);
      },
      close: async () => {
        await customer.keyboard.press('Escape');
        await expect(customer.getByRole('dialog')).toBeHidden();
      },
      fullPage: false,
    });
  });

  await test.step('her remedy ranking: selling pledged units first', async () => {
    await customer.goto('/customer/setting/');
    const methods = customer.getByTestId('ranking-methods').getByRole('listitem');
    await expect(methods).toHaveCount(3);
    // With the buttons, as a keyboard or a screen reader reaches them, until selling comes first.
    for (let moves = 0; moves < 2; moves++) {
      if ((await methods.first().innerText()).includes('Sell pledged units')) break;
      await customer.getByRole('button', { name: 'Move Sell pledged units up' }).click();
    }
    await expect(methods.first()).toContainText('Sell pledged units');
    await expect(customer.getByRole('button', { name: 'Move Sell pledged units up' })).toBeDisabled();
    await customer.getByTestId('ranking-save').click();
    await expect(customer.getByText('Ranking saved.')).toBeVisible();
    await photographEveryWay(customer, base, {
      name: 'remedy-ranking',
      show: async (locale) => {
        await customer.goto('/customer/setting/');
        await expect(customer.getByTestId('ranking-methods').getByRole('listitem').first()).toContainText(
          inLanguage(locale)('Vendi quote in pegno', 'Sell pledged units'),
        );
      },
    });
  });

  // The operator records the equity fund at 35 % of its NAV: the 8,000 € owed come to about 93 % of what
  // the collateral secures, past the warning at 90 % (margin-alerts.spec.ts).
  const form = await navForm(operator, EQUITY);
  const before = await latestNav(form);
  await recordNav(form, (Number(before) * 0.35).toFixed(6));
  await untilStage(customer, advancePage, 'Warning');

  await test.step('warning: the stage, the sentence, the weak line, the replay and the debt advice', async () => {
    await photographEveryWay(customer, base, {
      name: 'advance-warning',
      show: async (locale) => {
        const say = inLanguage(locale);
        await showAdvance(customer, advancePage);
        const panel = customer.getByTestId('margin-alert');
        await expect(panel.getByTestId('alert-stage')).toHaveText(say('Avviso', 'Warning'));
        await expect(panel).toContainText(say('hai superato la soglia di avviso', 'past the warning'));
        await expect(panel.getByTestId('debt-advice')).toContainText(
          say('associazioni dei consumatori', 'consumer associations'),
        );
        await expect(customer.getByTestId('risk-weak-badge')).toHaveText(say('Linea debole', 'Weak line'));
        await expect(customer.getByTestId('margin-call')).toHaveCount(0);
        // The warning in her timeline, its limit written as money.
        await expect(customer.getByTestId('advance-timeline')).toContainText(
          new RegExp(say('vicino al limite di [\\d.]+,\\d{2}\\s€', 'close to the limit of €[\\d,]+\\.\\d{2}')),
        );
      },
    });
  });

  // At 12 % of its NAV the fund no longer makes up what the company shares leave short: a margin call.
  await recordNav(form, (Number(before) * 0.12).toFixed(6));
  await untilStage(customer, advancePage, 'Margin call');

  await test.step('margin call: the deadline in business days and the remedy her ranking gives', async () => {
    await photographEveryWay(customer, base, {
      name: 'advance-call',
      show: async (locale) => {
        const say = inLanguage(locale);
        await showAdvance(customer, advancePage);
        const panel = customer.getByTestId('margin-alert');
        await expect(panel.getByTestId('alert-stage')).toHaveText(say('Richiesta di integrazione', 'Margin call'));
        await expect(customer.getByTestId('margin-call')).toContainText(
          say('Le tue garanzie non coprono più', 'Your collateral no longer covers'),
        );
        await expect(panel.getByTestId('alert-deadline')).toContainText(
          new RegExp(say('restano \\d+ giorni lavorativi', '\\d+ business days left')),
        );
        // Selling comes first in her ranking: the proposal sells units of the fund.
        const steps = panel.getByTestId('alert-remedy').getByRole('listitem');
        await expect(steps.first()).toContainText(new RegExp(`${say('Vendi', 'Sell')} .*${EQUITY}`));
        await expect(panel.getByTestId('confirm-remedy')).toBeEnabled();
        await expect(panel.getByTestId('alert-forbearance')).toHaveCount(0);
        // No fall is needed to open a call that is open.
        await expect(customer.getByTestId('risk-lines').locator('tbody tr').first()).toContainText(
          say('Già aperta', 'Already open'),
        );
      },
    });
  });

  await test.step('margin call on the home: the alert and the small gauge past its limit', async () => {
    await photographEveryWay(customer, base, {
      name: 'home-call',
      show: async (locale) => {
        const say = inLanguage(locale);
        await customer.goto('/customer/home/');
        const card = customer.getByTestId('home-advance-card');
        await expect(card.getByTestId('margin-call')).toContainText(
          say('Le tue garanzie non coprono più', 'Your collateral no longer covers'),
        );
        await expect(card.getByTestId('home-risk')).toContainText(
          say('supera oggi il limite', 'above the limit its collateral allows today'),
        );
        await expect(customer.getByTestId('net-worth-total')).toBeVisible();
      },
    });
  });

  const desk = '/customer/backoffice/advance-watch/';
  const called = operator.getByTestId('margin-calls-table').getByText('Chiara Conti');
  await test.step('the margin-call desk: her call listed, forbearance to offer', async () => {
    await photographEveryWay(operator, base, {
      name: 'margin-desk',
      show: async (locale) => {
        const say = inLanguage(locale);
        await operator.goto(desk);
        await expect(called).toBeVisible();
        const table = operator.getByTestId('margin-calls-table');
        await expect(table).toContainText(say('Non ancora proposto', 'Not offered yet'));
        // Both steps in view on a desktop, without scrolling the table sideways.
        await expect(
          table.getByRole('button', { name: say('Proponi un accordo', 'Offer forbearance') }),
        ).toBeInViewport();
        await expect(
          table.getByRole('button', { name: say('Escuti il pegno', 'Enforce the pledge') }),
        ).toBeInViewport();
      },
    });
    await operator.getByRole('button', { name: 'Offer forbearance' }).click();
    const confirm = operator.getByRole('dialog', { name: 'Offer forbearance?' });
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(operator.getByText('Forbearance offered.')).toBeVisible();
    await expect(operator.getByTestId('margin-calls-table')).toContainText('Offered, no answer yet');
  });

  await test.step('forbearance offered: her options, the debt advice and the business days left', async () => {
    await photographEveryWay(customer, base, {
      name: 'advance-forbearance',
      show: async (locale) => {
        const say = inLanguage(locale);
        await showAdvance(customer, advancePage);
        const offer = customer.getByTestId('alert-forbearance');
        await expect(offer.getByTestId('forbearance-more_time')).toHaveText(
          say('Più tempo (10 giorni lavorativi)', 'More time (10 business days)'),
        );
        await expect(offer.getByRole('button')).toHaveCount(4);
        await expect(customer.getByTestId('alert-deadline')).toContainText(
          new RegExp(say('restano \\d+ giorni lavorativi', '\\d+ business days left')),
        );
        await expect(customer.getByTestId('margin-alert').getByTestId('debt-advice')).toBeVisible();
      },
    });
  });

  // Back to the NAV it had and the ranking she had, for the journeys after this one.
  await recordNav(await navForm(operator, EQUITY), before);
  await untilStage(customer, advancePage, 'All clear');
  await me.put(RANKING_API, rankingBefore satisfies RemedyRanking);
  await customer.context().close();
  await operator.context().close();
});
