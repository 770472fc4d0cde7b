// Staged alerts, the ranked remedy and forbearance through HTTP (docs/decisions/038): the warning is told
// once per crossing by e-mail, in-app notification and SMS over repeated NAV recordings, the call at the
// limit; the operator cannot sell before offering forbearance and before the grace period ends, and then
// applies the remedy the customer ranked in advance (her cash, pledges, sales in her order), only what cures.
import { addBusinessDays } from '@lombard/shared/money/business-days';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesTo } from '../../lib/outbox';
import { type ActiveAdvance, activeAdvance, FIXTURE_PHONE, recordNav } from '../../test/active-advance';
import { type MoneyFixture, moneyFixture } from '../../test/money';

let f: MoneyFixture;
beforeAll(async () => {
  f = await moneyFixture();
});
afterAll(() => f.t.close());

const alert = async (a: ActiveAdvance) =>
  (await f.get(a.investor.session, `/api/v1/advances/${a.id}/margin-alert/`)).json();
const notices = async (a: ActiveAdvance, kind: string) =>
  (await f.get(a.investor.session, '/api/v1/notifications/'))
    .json()
    .results.filter((n: { kind: string }) => n.kind === kind);
const messages = async (to: string, template: string, a: ActiveAdvance) =>
  (await messagesTo(f.app.database.db, to, template)).filter(
    (m) => (m.meta as { advance?: number }).advance === a.id || m.channel === 'email',
  );
const navOf = async (a: ActiveAdvance, productId: number) => {
  const detail = (await f.get(a.investor.session, `/api/v1/advances/${a.id}/`)).json();
  const line = detail.collateral.find((l: { key: string }) => l.key === `position:${productId}`);
  return { nav: new Decimal(line.unit_price), units: line.units as string };
};
const at = (day: string) => new Date(`${day}T10:00:00Z`);
const put = (session: MoneyFixture['admin'], url: string, payload: unknown) =>
  f.app.inject({
    method: 'PUT',
    url,
    headers: { ...session.headers, 'accept-language': 'en' },
    payload: payload as object,
  });

describe('staged alerts', () => {
  it('warn once per crossing by e-mail, notification and SMS; the call at the limit; again after recovering', async () => {
    f.clock.now = new Date();
    // 30,000 of the bond at 70 % secures about 20,900; 15,000 owed is 72 % of it: clear.
    const a = await activeAdvance(f, { amount: '15000.00', invest: '30000.00' });
    const { nav } = await navOf(a, a.bond);
    const price = (factor: string) => nav.mul(factor).toDecimalPlaces(6);
    expect((await alert(a)).stage).toBe('clear');

    await recordNav(f, a.bond, price('0.78')); // 15,000 ÷ ~16,300: 92 % of the limit
    const warned = await alert(a);
    expect(warned).toMatchObject({ stage: 'warning', call: null });
    expect(new Decimal(warned.warning_amount).lte('15000.00')).toBe(true);
    expect(await notices(a, 'margin_warning')).toHaveLength(1);
    expect(await messages(a.investor.email, 'advance_marginWarning', a)).toHaveLength(1);
    expect(await messages(FIXTURE_PHONE, 'advance_marginWarning', a)).toHaveLength(1);

    await recordNav(f, a.bond, price('0.77')); // still in the warning: nothing told again
    await recordNav(f, a.bond, price('0.775'));
    expect(await notices(a, 'margin_warning')).toHaveLength(1);
    expect(await messages(FIXTURE_PHONE, 'advance_marginWarning', a)).toHaveLength(1);

    await recordNav(f, a.bond, nav); // back under
    expect((await alert(a)).stage).toBe('clear');
    await recordNav(f, a.bond, price('0.78')); // a new crossing, told again
    expect(await notices(a, 'margin_warning')).toHaveLength(2);
    expect(await messages(FIXTURE_PHONE, 'advance_marginWarning', a)).toHaveLength(2);

    await recordNav(f, a.bond, price('0.70')); // 15,000 above ~14,600: the call
    const called = await alert(a);
    expect(called.stage).toBe('call');
    expect(called.call).toMatchObject({ business_days_left: 5, resolution: null, forbearance: { offered_at: null } });
    expect(await notices(a, 'margin_call')).toHaveLength(1);
    expect(await messages(FIXTURE_PHONE, 'advance_marginCall', a)).toHaveLength(1);
    const [email] = await messagesTo(f.app.database.db, a.investor.email, 'advance_marginCall');
    expect(email?.subject).toBeTruthy();

    await recordNav(f, a.bond, price('0.78')); // the call closes; down into the warning is not a crossing
    expect((await alert(a)).stage).toBe('warning');
    expect(await notices(a, 'margin_warning')).toHaveLength(2);
    expect((await alert(a)).events.map((e: { stage: string }) => e.stage)).toEqual([
      'warning',
      'call',
      'warning',
      'clear',
      'warning',
    ]);
    await recordNav(f, a.bond, nav);
  });

  it('the operator sets the warning threshold: at 95 % the same loan is no warning', async () => {
    f.clock.now = new Date();
    const before = (await f.get(f.admin, '/api/v1/backoffice/settings/')).json();
    expect(before.margin_warning_ratio).toBe('0.90');
    const saved = await put(f.admin, '/api/v1/backoffice/settings/', { ...before, margin_warning_ratio: '0.95' });
    expect(saved.statusCode).toBe(200);
    const refused = await put(f.admin, '/api/v1/backoffice/settings/', { ...before, margin_warning_ratio: '1.2' });
    expect(refused.statusCode).toBe(400);
    const a = await activeAdvance(f, { amount: '15000.00', invest: '30000.00' });
    const { nav } = await navOf(a, a.bond);
    await recordNav(f, a.bond, nav.mul('0.78').toDecimalPlaces(6));
    expect((await alert(a)).stage).toBe('clear');
    expect(await notices(a, 'margin_warning')).toHaveLength(0);
    await put(f.admin, '/api/v1/backoffice/settings/', before);
    await recordNav(f, a.bond, nav);
  });
});

describe('forbearance before enforcement', () => {
  it('no sale before the offer and the grace period; then only what cures, in her ranked order', async () => {
    f.clock.now = new Date();
    // The bond (70 %) and a money-market fund (85 %) pledged; she ranks the money-market fund to sell first.
    const a = await activeAdvance(f, {
      amount: '22000.00',
      invest: '30000.00',
      also: { slug: 'monetario-euro-plus', invest: '5000.00' },
    });
    const mm = a.also!;
    const ranked = await put(a.investor.session, '/api/v1/advances/remedy-ranking/', {
      methods: ['sell', 'cash', 'pledge'],
      pledge_order: [],
      sell_order: [`position:${mm}`, `position:${a.bond}`],
    });
    expect(ranked.statusCode).toBe(200);
    expect(ranked.json().sell_lines.map((l: { key: string }) => l.key)).toEqual([
      `position:${mm}`,
      `position:${a.bond}`,
    ]);
    const foreign = await put(a.investor.session, '/api/v1/advances/remedy-ranking/', {
      methods: ['sell', 'cash', 'pledge'],
      pledge_order: ['position:999999'],
      sell_order: [],
    });
    expect(foreign.json().code).toBe('REMEDY_LINE_UNKNOWN');

    const bond = await navOf(a, a.bond);
    const before = await navOf(a, mm);
    await recordNav(f, a.bond, bond.nav.mul('0.8').toDecimalPlaces(6));
    const call = (await alert(a)).call;
    expect(call).not.toBeNull();
    const enforce = () => f.post(f.admin, `/api/v1/backoffice/margin-calls/${call.id}/enforce/`);

    // Past the first deadline, but nothing offered yet: no sale.
    f.clock.now = at(addBusinessDays(call.grace_until, 1));
    expect((await enforce()).json().code).toBe('FORBEARANCE_NOT_OFFERED');
    expect((await f.post(f.admin, `/api/v1/backoffice/margin-calls/${call.id}/forbearance/`)).statusCode).toBe(200);
    expect((await f.post(f.admin, `/api/v1/backoffice/margin-calls/${call.id}/forbearance/`)).json().code).toBe(
      'FORBEARANCE_ALREADY_OFFERED',
    );
    expect(await notices(a, 'forbearance_offered')).toHaveLength(1);
    const offered = (await alert(a)).call;
    expect(offered.business_days_left).toBe(5);
    const running = await enforce();
    expect(running.statusCode).toBe(409);
    expect(running.json().code).toBe('GRACE_PERIOD_RUNNING');

    // She asks for more time: ten business days more.
    const answered = await f.post(a.investor.session, `/api/v1/advances/${a.id}/margin-call/forbearance/`, {
      answer: 'more_time',
    });
    expect(answered.statusCode).toBe(200);
    const extended = (await alert(a)).call;
    expect(extended.grace_until).toBe(addBusinessDays(offered.grace_until, 10));
    expect(extended.forbearance.answer).toBe('more_time');
    f.clock.now = at(offered.grace_until);
    expect((await enforce()).json().code).toBe('GRACE_PERIOD_RUNNING');
    expect((await navOf(a, mm)).units).toBe(before.units); // nothing sold so far

    f.clock.now = at(addBusinessDays(extended.grace_until, 1));
    const done = await enforce();
    expect(done.statusCode).toBe(200);
    const result = done.json();
    // The money-market fund first (all of it covers only 15 % of its value), then part of the bond.
    expect(result.sold.map((s: { key: string }) => s.key)).toEqual([`position:${mm}`, `position:${a.bond}`]);
    expect(result.sold[0].units).toBe(before.units);
    expect(new Decimal(result.sold[1].units).lt(bond.units)).toBe(true);
    expect(result.cured).toBe(true);
    expect((await enforce()).json().code).toBe('MARGIN_CALL_RESOLVED');
    await f.app.jobs.drain();
    // Only what cures: the advance is back within its limit, right at it (the warning, not clear).
    const after = await alert(a);
    expect(after.call).toBeNull();
    expect(after.stage).toBe('warning');
    expect(new Decimal(after.limit).minus(after.outstanding).lt('1.00')).toBe(true);
    expect(await notices(a, 'margin_enforced')).toHaveLength(1);
    expect((await f.get(f.admin, '/api/v1/backoffice/ledger/verify/')).json().ok).toBe(true);
    f.clock.now = new Date();
    await recordNav(f, a.bond, bond.nav);
  });

  it('after the grace period her ranked remedy is applied as she chose it: her cash first, nothing sold', async () => {
    f.clock.now = new Date();
    // The payout is on her cash; she ranks repaying from it first.
    const a = await activeAdvance(f, { amount: '20000.00', invest: '30000.00' });
    const ranked = await put(a.investor.session, '/api/v1/advances/remedy-ranking/', {
      methods: ['cash', 'sell', 'pledge'],
      pledge_order: [],
      sell_order: [],
    });
    expect(ranked.statusCode).toBe(200);
    const bond = await navOf(a, a.bond);
    await recordNav(f, a.bond, bond.nav.mul('0.9').toDecimalPlaces(6));
    const call = (await alert(a)).call;
    const cashBefore = (await f.get(a.investor.session, '/api/v1/cash/')).json().available as string;
    await f.post(f.admin, `/api/v1/backoffice/margin-calls/${call.id}/forbearance/`);
    const offered = (await alert(a)).call;
    f.clock.now = at(addBusinessDays(offered.grace_until, 1));
    const done = await f.post(f.admin, `/api/v1/backoffice/margin-calls/${call.id}/enforce/`);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ sold: [], pledged: [], from_cash: call.shortfall, repayment: call.shortfall });
    expect((await navOf(a, a.bond)).units).toBe(bond.units);
    await f.app.jobs.drain();
    expect((await alert(a)).call).toBeNull();
    const cashAfter = (await f.get(a.investor.session, '/api/v1/cash/')).json().available as string;
    expect(new Decimal(cashBefore).minus(cashAfter).toFixed(2)).toBe(call.shortfall);
    // She is told what was done: her remedy, not a sale.
    const [notice] = await notices(a, 'margin_enforced');
    expect(notice.title).toBe('Your ranked remedy was applied');
    expect(notice.message).toContain('we applied the remedy you ranked in advance');
    const timeline = (await f.get(a.investor.session, `/api/v1/advances/${a.id}/`)).json().timeline;
    expect(timeline.find((e: { kind: string }) => e.kind === 'margin_enforced').params).toMatchObject({
      cash: call.shortfall,
      sold: '0.00',
      context: 'ranked',
    });
    expect((await f.get(f.admin, '/api/v1/backoffice/ledger/verify/')).json().ok).toBe(true);
    f.clock.now = new Date();
    await recordNav(f, a.bond, bond.nav);
  });

  it('her own remedy: refused for a stale shortfall or without the means, done with her cash', async () => {
    f.clock.now = new Date();
    const a = await activeAdvance(f, { amount: '20000.00', invest: '30000.00' });
    const { nav } = await navOf(a, a.bond);
    await recordNav(f, a.bond, nav.mul('0.9').toDecimalPlaces(6));
    const call = (await alert(a)).call;
    const confirm = (shortfall: string) =>
      f.post(a.investor.session, `/api/v1/advances/${a.id}/margin-call/remedy/`, { shortfall });
    expect((await confirm('1.00')).json().code).toBe('REMEDY_CHANGED');
    // The payout is on her cash: repaying from it comes first in the default ranking, and covers it all.
    expect(call.remedy).toMatchObject({ steps: [{ method: 'cash', amount: call.shortfall }], cures: true });
    const done = await confirm(call.shortfall);
    expect(done.statusCode).toBe(200);
    expect((await confirm(call.shortfall)).json().code).toBe('MARGIN_CALL_RESOLVED');
    expect((await f.post(f.admin, `/api/v1/backoffice/margin-calls/${call.id}/enforce/`)).json().code).toBe(
      'MARGIN_CALL_RESOLVED',
    );
    await f.app.jobs.drain();
    expect((await alert(a)).call).toBeNull();
    expect((await f.get(f.admin, '/api/v1/backoffice/ledger/verify/')).json().ok).toBe(true);
    await recordNav(f, a.bond, nav);
  });
});
