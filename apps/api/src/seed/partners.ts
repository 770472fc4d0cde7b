import type { Queryable } from '../db/client';
import { partners } from '../db/schema/partners';

function logo(initials: string, color: string) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" role="img"><rect width="96" height="96" rx="20" fill="${color}"/><text x="48" y="60" font-family="Arial, sans-serif" font-size="36" font-weight="700" text-anchor="middle" fill="#fff">${initials}</text></svg>`;
}

export const DEMO_PARTNERS = [
  {
    slug: 'aurora-energia',
    name: 'Aurora Energia',
    brandColor: '#e8590c',
    loanToValue: '0.5000',
    it: {
      headline: 'Un anticipo sulle tue azioni Aurora Energia, senza venderle',
      offer:
        'Sei dipendente di Aurora Energia? Costituisci in pegno le tue stock unit e ricevi liquidità entro 48 ore, continuando a beneficiare di dividendi e rivalutazione.',
    },
    en: {
      headline: 'Cash against your Aurora Energia shares, without selling them',
      offer:
        'Work at Aurora Energia? Pledge your stock units and receive cash within 48 hours while you keep the dividends and any rise in value.',
    },
  },
  {
    slug: 'vela-robotics',
    name: 'Vela Robotics',
    brandColor: '#1971c2',
    loanToValue: '0.4000',
    it: {
      headline: 'Le tue RSU Vela Robotics valgono già oggi',
      offer:
        'Per i dipendenti Vela Robotics: un anticipo fino al 40% del valore delle stock unit maturate, interessi trimestrali e rimborso quando vuoi.',
    },
    en: {
      headline: 'Your Vela Robotics RSUs are worth something today',
      offer:
        'For Vela Robotics employees: an advance of up to 40% of the value of your vested stock units, quarterly interest and repayment whenever you like.',
    },
  },
  {
    slug: 'tessiture-lariane',
    name: 'Tessiture Lariane',
    brandColor: '#2f9e44',
    loanToValue: '0.4500',
    it: {
      headline: 'Liquidità per i dipendenti azionisti di Tessiture Lariane',
      offer:
        'Il piano azionario di Tessiture Lariane diventa una riserva di liquidità: anticipo da 5.000 € con scadenza fino a 10 anni.',
    },
    en: {
      headline: 'Cash for Tessiture Lariane employee shareholders',
      offer:
        'Turn the Tessiture Lariane share plan into a cash reserve: advances from €5,000 with maturities of up to 10 years.',
    },
  },
] as const;

export async function seedPartners(db: Queryable) {
  await db
    .insert(partners)
    .values(
      DEMO_PARTNERS.map((p) => ({
        slug: p.slug,
        name: p.name,
        brandColor: p.brandColor,
        logoSvg: logo(
          p.name
            .split(' ')
            .map((w) => w[0])
            .join(''),
          p.brandColor,
        ),
        loanToValue: p.loanToValue,
        translatedContent: { it: p.it, en: p.en },
      })),
    )
    .onConflictDoNothing();
}
