// The demo catalogue's second group of funds (demo step 6): a European dividend fund, a prudent balanced
// fund, an Italian government bond fund with a 2028 maturity and a global technology fund. Made as the
// first six were (`insertDemoProduct`), with what those got later at once: two years of NAVs, the long
// descriptions and the recommended holding period. ISINs are fictitious, with valid check digits.
import { max } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { products } from '../db/schema/products';
import { type DemoProduct, insertDemoProduct } from './products';

type MoreDemoProduct = DemoProduct & { years: number; description: { it: string; en: string } };

const MORE_DEMO_PRODUCTS: MoreDemoProduct[] = [
  {
    slug: 'azionario-europa-dividendo',
    isin: 'LU2719045127',
    name: 'Azionario Europa Dividendo',
    category: 'equity',
    riskIndicator: 5,
    couponFrequency: 'H',
    couponRate: '0.0300',
    minInvestment: '5000.00',
    maxInvestment: null,
    minHoldingDays: 0,
    capitalProtection: null,
    entryCost: '0.0150',
    annualFee: '0.0130',
    maturityDate: null,
    loanToValue: '0.5000',
    nav: { start: 60, drift: 0.055, volatility: 0.008 },
    years: 6,
    it: {
      summary: 'Azioni di grandi società europee con dividendi elevati e stabili, proventi distribuiti ogni sei mesi.',
      underlying: 'Azioni europee ad alto dividendo',
    },
    en: {
      summary: 'Shares of large European companies with high, steady dividends; income paid out every six months.',
      underlying: 'High-dividend European equities',
    },
    description: {
      it: 'Il fondo investe in azioni di grandi società europee che distribuiscono dividendi elevati e sostenibili nel tempo, diversificate per paese e settore. Distribuisce i proventi ogni sei mesi. Il valore delle quote può oscillare in modo significativo, anche per lunghi periodi.',
      en: 'The fund invests in shares of large European companies that pay high and sustainable dividends, spread across countries and sectors. It pays out its income every six months. The value of the units can swing significantly, even for long periods.',
    },
  },
  {
    slug: 'bilanciato-prudente-reddito',
    isin: 'IT0005648297',
    name: 'Bilanciato Prudente Reddito',
    category: 'balanced',
    riskIndicator: 3,
    couponFrequency: 'Y',
    couponRate: '0.0250',
    minInvestment: '5000.00',
    maxInvestment: '1500000.00',
    minHoldingDays: 0,
    capitalProtection: null,
    entryCost: '0.0100',
    annualFee: '0.0095',
    maturityDate: null,
    loanToValue: '0.6000',
    nav: { start: 20, drift: 0.035, volatility: 0.003 },
    years: 4,
    it: {
      summary:
        'Portafoglio prudente: per tre quarti obbligazioni in euro, per il resto azioni globali, con cedola annuale.',
      underlying: 'Obbligazioni in euro e azioni globali',
    },
    en: {
      summary: 'A prudent portfolio: three quarters euro bonds, the rest global equities, with a yearly coupon.',
      underlying: 'Euro bonds and global equities',
    },
    description: {
      it: 'Il fondo investe circa il 75% in obbligazioni governative e societarie in euro e il resto in azioni di società di tutto il mondo. Punta a un reddito annuale e a una crescita contenuta del capitale, con oscillazioni più ampie di un fondo obbligazionario ma più contenute di un fondo azionario.',
      en: 'The fund invests about 75% in euro government and corporate bonds and the rest in shares of companies worldwide. It aims for a yearly income and modest capital growth, with wider swings than a bond fund but narrower than an equity fund.',
    },
  },
  {
    slug: 'obbligazionario-italia-2028',
    isin: 'IT0005652133',
    name: 'Obbligazionario Italia 2028',
    category: 'bond',
    riskIndicator: 2,
    couponFrequency: 'H',
    couponRate: '0.0280',
    minInvestment: '5000.00',
    maxInvestment: '2000000.00',
    minHoldingDays: 0,
    capitalProtection: '100.00',
    entryCost: '0.0050',
    annualFee: '0.0040',
    maturityDate: '2028-06-30',
    loanToValue: '0.7500',
    nav: { start: 100, drift: 0.028, volatility: 0.0015 },
    years: 3,
    it: {
      summary:
        'Titoli di Stato italiani con scadenza vicina al 2028, cedola semestrale e capitale protetto a scadenza.',
      underlying: 'Titoli di Stato italiani (BTP)',
    },
    en: {
      summary:
        'Italian government bonds maturing close to 2028, a half-yearly coupon and capital protected at maturity.',
      underlying: 'Italian government bonds (BTP)',
    },
    description: {
      it: 'Il fondo investe in titoli di Stato italiani con scadenza vicina a giugno 2028 e li tiene fino a scadenza. Paga una cedola ogni sei mesi e alla scadenza restituisce almeno il capitale investito. Prima della scadenza il valore delle quote segue l’andamento dei tassi.',
      en: 'The fund invests in Italian government bonds maturing close to June 2028 and holds them to maturity. It pays a coupon every six months and at maturity pays back at least the capital invested. Before maturity the value of the units follows interest rates.',
    },
  },
  {
    slug: 'azionario-tecnologia-globale',
    isin: 'IE00BKT5R9Q7',
    name: 'Azionario Tecnologia Globale',
    category: 'equity',
    riskIndicator: 6,
    couponFrequency: null,
    couponRate: null,
    minInvestment: '5000.00',
    maxInvestment: null,
    minHoldingDays: 0,
    capitalProtection: null,
    entryCost: '0.0200',
    annualFee: '0.0150',
    maturityDate: null,
    loanToValue: '0.4000',
    nav: { start: 150, drift: 0.09, volatility: 0.012 },
    years: 8,
    it: {
      summary:
        'Azioni di società tecnologiche di tutto il mondo, dai semiconduttori al software; proventi reinvestiti.',
      underlying: 'Azioni tecnologiche globali',
    },
    en: {
      summary: 'Shares of technology companies worldwide, from semiconductors to software; income is reinvested.',
      underlying: 'Global technology equities',
    },
    description: {
      it: 'Il fondo investe in azioni di società tecnologiche quotate in tutto il mondo: semiconduttori, software, servizi digitali e infrastrutture di rete. I proventi sono reinvestiti. È concentrato in un solo settore, quindi il valore delle quote può variare molto anche in poco tempo: adatto a chi investe per molti anni.',
      en: 'The fund invests in shares of technology companies listed worldwide: semiconductors, software, digital services and network infrastructure. Income is reinvested. It is concentrated in one sector, so the value of the units can change a lot even in a short time: suited to those investing for many years.',
    },
  },
];

/** How far back their NAVs reach: as far as the first products' after their backfill. */
const HISTORY_YEARS = 2;

export async function seedMoreDemoProducts(db: Queryable) {
  // After whatever the catalogue holds now, an operator's reordering included.
  const [last] = await db.select({ position: max(products.position) }).from(products);
  const first = (last?.position ?? -1) + 1;
  const today = new Date();
  const day = (yearsAgo: number) =>
    Date.UTC(today.getUTCFullYear() - yearsAgo, today.getUTCMonth(), today.getUTCDate());
  const navDays = Math.round((day(0) - day(HISTORY_YEARS)) / 86_400_000);
  for (const [index, p] of MORE_DEMO_PRODUCTS.entries()) {
    await insertDemoProduct(
      db,
      p,
      // Seeds after those of the first six (7–12), so that no two histories are the same walk.
      { position: first + index, navDays, seed: index + 13 },
      {
        recommendedHoldingYears: p.years,
        translatedContent: {
          it: { ...p.it, description: p.description.it },
          en: { ...p.en, description: p.description.en },
        },
      },
    );
  }
}
