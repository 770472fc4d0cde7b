import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../client';
import { productNavs, products } from '../schema/products';

interface DemoProduct {
  slug: string;
  isin: string;
  name: string;
  category: string;
  riskIndicator: number;
  couponFrequency: string | null;
  couponRate: string | null;
  minInvestment: string;
  maxInvestment: string | null;
  minHoldingDays: number;
  capitalProtection: string | null;
  entryCost: string;
  annualFee: string;
  maturityDate: string | null;
  loanToValue: string;
  /** Starting NAV and yearly drift used to draw a plausible, deterministic NAV history. */
  nav: { start: number; drift: number; volatility: number };
  it: { summary: string; underlying: string };
  en: { summary: string; underlying: string };
}

export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    slug: 'obbligazionario-euro-protetto-2031',
    isin: 'IT0005581234',
    name: 'Obbligazionario Euro Protetto 2031',
    category: 'bond',
    riskIndicator: 2,
    couponFrequency: 'Q',
    couponRate: '0.0325',
    minInvestment: '5000.00',
    maxInvestment: '1000000.00',
    minHoldingDays: 0,
    capitalProtection: '100.00',
    entryCost: '0.0050',
    annualFee: '0.0060',
    maturityDate: '2031-06-30',
    loanToValue: '0.7000',
    nav: { start: 100, drift: 0.03, volatility: 0.002 },
    it: {
      summary: 'Titoli di Stato e obbligazioni investment grade dell’area euro, con capitale protetto a scadenza.',
      underlying: 'Titoli di Stato e corporate bond area euro',
    },
    en: {
      summary: 'Euro-area government and investment-grade bonds, with capital protected at maturity.',
      underlying: 'Euro-area government and corporate bonds',
    },
  },
  {
    slug: 'cedola-trimestrale-europa',
    isin: 'IT0005594410',
    name: 'Cedola Trimestrale Europa',
    category: 'balanced',
    riskIndicator: 3,
    couponFrequency: 'Q',
    couponRate: '0.0400',
    minInvestment: '10000.00',
    maxInvestment: '2000000.00',
    minHoldingDays: 90,
    capitalProtection: '90.00',
    entryCost: '0.0100',
    annualFee: '0.0090',
    maturityDate: '2030-12-31',
    loanToValue: '0.6000',
    nav: { start: 50, drift: 0.045, volatility: 0.004 },
    it: {
      summary: 'Portafoglio bilanciato di azioni europee ad alto dividendo e obbligazioni, con cedola trimestrale.',
      underlying: 'Azioni europee ad alto dividendo e obbligazioni',
    },
    en: {
      summary: 'A balanced portfolio of high-dividend European equities and bonds paying a quarterly coupon.',
      underlying: 'High-dividend European equities and bonds',
    },
  },
  {
    slug: 'azionario-globale-sostenibile',
    isin: 'LU2607781253',
    name: 'Azionario Globale Sostenibile',
    category: 'equity',
    riskIndicator: 5,
    couponFrequency: null,
    couponRate: null,
    minInvestment: '5000.00',
    maxInvestment: null,
    minHoldingDays: 0,
    capitalProtection: null,
    entryCost: '0.0150',
    annualFee: '0.0120',
    maturityDate: null,
    loanToValue: '0.5000',
    nav: { start: 120, drift: 0.07, volatility: 0.009 },
    it: {
      summary: 'Azioni di società globali selezionate secondo criteri ESG, a capitalizzazione dei proventi.',
      underlying: 'Azioni globali ESG (art. 8 SFDR)',
    },
    en: {
      summary: 'Shares of global companies selected on ESG criteria; income is reinvested.',
      underlying: 'Global ESG equities (SFDR article 8)',
    },
  },
  {
    slug: 'monetario-euro-plus',
    isin: 'IT0005610032',
    name: 'Monetario Euro Plus',
    category: 'money_market',
    riskIndicator: 1,
    couponFrequency: 'M',
    couponRate: '0.0240',
    minInvestment: '5000.00',
    maxInvestment: '5000000.00',
    minHoldingDays: 0,
    capitalProtection: '100.00',
    entryCost: '0.0000',
    annualFee: '0.0030',
    maturityDate: '2027-12-31',
    loanToValue: '0.8500',
    nav: { start: 10, drift: 0.024, volatility: 0.0003 },
    it: {
      summary: 'Strumenti del mercato monetario in euro a breve scadenza, cedola mensile.',
      underlying: 'Depositi e titoli del mercato monetario in euro',
    },
    en: {
      summary: 'Short-dated euro money-market instruments with a monthly coupon.',
      underlying: 'Euro deposits and money-market securities',
    },
  },
  {
    slug: 'corporate-bond-euro-semestrale',
    isin: 'IT0005623381',
    name: 'Corporate Bond Euro Semestrale',
    category: 'bond',
    riskIndicator: 3,
    couponFrequency: 'H',
    couponRate: '0.0375',
    minInvestment: '10000.00',
    maxInvestment: '1500000.00',
    minHoldingDays: 0,
    capitalProtection: null,
    entryCost: '0.0075',
    annualFee: '0.0070',
    maturityDate: '2029-09-30',
    loanToValue: '0.6500',
    nav: { start: 100, drift: 0.035, volatility: 0.003 },
    it: {
      summary: 'Obbligazioni societarie europee investment grade con cedola semestrale.',
      underlying: 'Obbligazioni societarie europee investment grade',
    },
    en: {
      summary: 'European investment-grade corporate bonds paying a half-yearly coupon.',
      underlying: 'European investment-grade corporate bonds',
    },
  },
  {
    slug: 'capitale-protetto-2029',
    isin: 'IT0005637712',
    name: 'Capitale Protetto 2029',
    category: 'bond',
    riskIndicator: 2,
    couponFrequency: 'A',
    couponRate: '0.0300',
    minInvestment: '5000.00',
    maxInvestment: '1000000.00',
    minHoldingDays: 180,
    capitalProtection: '100.00',
    entryCost: '0.0050',
    annualFee: '0.0050',
    maturityDate: '2029-12-31',
    loanToValue: '0.7000',
    nav: { start: 100, drift: 0.028, volatility: 0.0015 },
    it: {
      summary: 'Capitale protetto al 100% e cedola pagata in un’unica soluzione alla scadenza.',
      underlying: 'Titoli di Stato italiani ed europei',
    },
    en: {
      summary: '100% capital protection, with the coupon paid in one go at maturity.',
      underlying: 'Italian and European government bonds',
    },
  },
];

/** A deterministic pseudo-random walk, so that every install shows the same history. */
function navHistory(start: number, drift: number, volatility: number, days: number, seed: number) {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  const values: Array<{ date: string; nav: string }> = [];
  let nav = new Decimal(start);
  for (let i = days; i >= 0; i--) {
    const date = new Date(today.getTime() - i * 86_400_000);
    const weekday = date.getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const shock = (random() - 0.5) * 2 * volatility;
    nav = nav.mul(new Decimal(1).plus(drift / 252).plus(shock));
    values.push({ date: date.toISOString().slice(0, 10), nav: nav.toFixed(6) });
  }
  return values;
}

export async function seedProducts(db: Queryable) {
  for (const [index, p] of DEMO_PRODUCTS.entries()) {
    const [inserted] = await db
      .insert(products)
      .values({
        slug: p.slug,
        isin: p.isin,
        name: p.name,
        category: p.category,
        riskIndicator: p.riskIndicator,
        couponFrequency: p.couponFrequency,
        couponRate: p.couponRate,
        minInvestment: p.minInvestment,
        maxInvestment: p.maxInvestment,
        minHoldingDays: p.minHoldingDays,
        capitalProtection: p.capitalProtection,
        entryCost: p.entryCost,
        annualFee: p.annualFee,
        maturityDate: p.maturityDate,
        loanToValue: p.loanToValue,
        position: index,
        translatedContent: { it: p.it, en: p.en },
      })
      .onConflictDoNothing()
      .returning({ id: products.id });
    if (!inserted) continue;
    const history = navHistory(p.nav.start, p.nav.drift, p.nav.volatility, 400, index + 7);
    for (let i = 0; i < history.length; i += 500) {
      await db
        .insert(productNavs)
        .values(history.slice(i, i + 500).map((h) => ({ productId: inserted.id, navDate: h.date, nav: h.nav })))
        .onConflictDoNothing();
    }
    const first = history.find((h) => h.date.startsWith(String(new Date().getUTCFullYear())));
    const last = history.at(-1);
    if (first && last) {
      const ytd = new Decimal(last.nav).div(first.nav).minus(1).toFixed(4);
      await db.update(products).set({ performanceYtd: ytd }).where(eq(products.id, inserted.id));
    }
  }
}
