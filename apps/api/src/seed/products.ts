import Decimal from 'decimal.js';
import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { productNavs, products } from '../db/schema/products';

export interface DemoProduct {
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
export function navHistory(start: number, drift: number, volatility: number, days: number, seed: number) {
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
    await insertDemoProduct(db, p, { position: index, navDays: 400, seed: index + 7 });
  }
}

/**
 * One demo product and its NAV history (`navDays` back from today, drawn by `navHistory` from `seed`);
 * nothing when its slug or ISIN is taken. `extra` sets what the first products got in a later step
 * (descriptions, the recommended holding period).
 */
export async function insertDemoProduct(
  db: Queryable,
  p: DemoProduct,
  options: { position: number; navDays: number; seed: number },
  extra: Partial<Pick<typeof products.$inferInsert, 'recommendedHoldingYears' | 'translatedContent'>> = {},
) {
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
      position: options.position,
      translatedContent: { it: p.it, en: p.en },
      ...extra,
    })
    .onConflictDoNothing()
    .returning({ id: products.id });
  if (!inserted) return;
  const history = navHistory(p.nav.start, p.nav.drift, p.nav.volatility, options.navDays, options.seed);
  for (let i = 0; i < history.length; i += 500) {
    await db
      .insert(productNavs)
      .values(history.slice(i, i + 500).map((h) => ({ productId: inserted.id, navDate: h.date, nav: h.nav })))
      .onConflictDoNothing();
  }
}

/** How far back the demo NAV history reaches after the second demo products step. */
const DEMO_HISTORY_YEARS = 2;

/**
 * Extends each demo product's NAV history back to two years ago: from its earliest NAV, one working day
 * at a time, undoing the product's drift and a deterministic shock. Days it already has are left alone.
 */
export async function backfillDemoNavs(db: Queryable, today: Date = new Date()) {
  const start = new Date(
    Date.UTC(today.getUTCFullYear() - DEMO_HISTORY_YEARS, today.getUTCMonth(), today.getUTCDate()),
  );
  const from = start.toISOString().slice(0, 10);
  for (const [index, p] of DEMO_PRODUCTS.entries()) {
    const [product] = await db.select({ id: products.id }).from(products).where(eq(products.slug, p.slug));
    if (!product) continue;
    const [earliest] = await db
      .select({ date: productNavs.navDate, nav: productNavs.nav })
      .from(productNavs)
      .where(eq(productNavs.productId, product.id))
      .orderBy(asc(productNavs.navDate))
      .limit(1);
    if (!earliest || earliest.date <= from) continue;
    let state = index + 101;
    const random = () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state / 2_147_483_648;
    };
    const rows: Array<{ productId: number; navDate: string; nav: string }> = [];
    let nav = new Decimal(earliest.nav);
    const day = new Date(`${earliest.date}T00:00:00Z`);
    for (;;) {
      day.setUTCDate(day.getUTCDate() - 1);
      const date = day.toISOString().slice(0, 10);
      if (date < from) break;
      if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
      const shock = (random() - 0.5) * 2 * p.nav.volatility;
      nav = nav.div(new Decimal(1).plus(p.nav.drift / 252).plus(shock));
      rows.push({ productId: product.id, navDate: date, nav: nav.toFixed(6) });
    }
    for (let i = 0; i < rows.length; i += 500) {
      await db
        .insert(productNavs)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing();
    }
  }
}

/** The long descriptions of the detail page and the KID, and the recommended holding period. */
const DEMO_PRODUCT_DETAILS: Record<string, { years: number; it: string; en: string }> = {
  'obbligazionario-euro-protetto-2031': {
    years: 5,
    it: 'Il fondo investe in titoli di Stato e obbligazioni di emittenti dell’area euro con rating investment grade, con una durata media allineata alla scadenza del 2031. Alla scadenza restituisce almeno il capitale investito; nel frattempo paga una cedola trimestrale.',
    en: 'The fund invests in government bonds and investment-grade bonds of euro-area issuers, with an average duration matched to its 2031 maturity. At maturity it pays back at least the capital invested; meanwhile it pays a quarterly coupon.',
  },
  'cedola-trimestrale-europa': {
    years: 5,
    it: 'Portafoglio bilanciato tra azioni europee che pagano dividendi elevati e obbligazioni di qualità. Punta a un reddito regolare, distribuito ogni trimestre, e a una crescita moderata del capitale nel tempo.',
    en: 'A portfolio balanced between European shares paying high dividends and quality bonds. It aims for a regular income, paid every quarter, and moderate capital growth over time.',
  },
  'azionario-globale-sostenibile': {
    years: 7,
    it: 'Il fondo investe in azioni di società di tutto il mondo selezionate anche in base a criteri ambientali, sociali e di governo societario. I proventi sono reinvestiti. Adatto a chi accetta oscillazioni anche ampie del valore in cambio di un potenziale di crescita più alto.',
    en: 'The fund invests in shares of companies worldwide, selected also on environmental, social and governance criteria. Income is reinvested. Suited to those who accept even large swings in value in exchange for higher growth potential.',
  },
  'monetario-euro-plus': {
    years: 1,
    it: 'Il fondo investe in depositi bancari e strumenti del mercato monetario in euro a brevissima scadenza. Punta a preservare il capitale e a offrire un rendimento in linea con i tassi a breve, con una cedola mensile.',
    en: 'The fund invests in bank deposits and very short-dated euro money-market instruments. It aims to preserve capital and offer a return in line with short-term rates, with a monthly coupon.',
  },
  'corporate-bond-euro-semestrale': {
    years: 4,
    it: 'Il fondo investe in obbligazioni di società europee con rating investment grade, diversificate per settore ed emittente, e paga una cedola ogni sei mesi fino alla scadenza del 2029.',
    en: 'The fund invests in investment-grade bonds of European companies, spread across sectors and issuers, and pays a coupon every six months until its 2029 maturity.',
  },
  'capitale-protetto-2029': {
    years: 4,
    it: 'Il fondo investe in titoli di Stato italiani ed europei con scadenza vicina al 2029. Il capitale è protetto al 100% alla scadenza e la cedola maturata viene pagata in un’unica soluzione alla fine.',
    en: 'The fund invests in Italian and European government bonds maturing close to 2029. The capital is fully protected at maturity and the accrued coupon is paid in one go at the end.',
  },
};

/**
 * Demo ISINs released with a wrong check digit, and the valid ones that replace them (the back office
 * refuses an invalid ISIN, so an operator could not otherwise save these products).
 */
const DEMO_ISIN_FIXES: Record<string, string> = {
  IT0005581234: 'IT0005581233',
  IT0005594410: 'IT0005594418',
  LU2607781253: 'LU2607781254',
};

export async function completeDemoProducts(db: Queryable) {
  for (const p of DEMO_PRODUCTS) {
    const details = DEMO_PRODUCT_DETAILS[p.slug];
    if (!details) continue;
    const [row] = await db
      .select({ id: products.id, isin: products.isin, content: products.translatedContent })
      .from(products)
      .where(eq(products.slug, p.slug));
    if (!row) continue;
    const content = (row.content ?? {}) as Record<string, Record<string, string>>;
    await db
      .update(products)
      .set({
        isin: DEMO_ISIN_FIXES[row.isin] ?? row.isin,
        recommendedHoldingYears: details.years,
        translatedContent: {
          it: { ...content.it, description: content.it?.description || details.it },
          en: { ...content.en, description: content.en?.description || details.en },
        },
      })
      .where(eq(products.id, row.id));
  }
}
