import type { Language } from '@lombard/shared/locale';
import type { PublicPartner } from '@lombard/shared/schemas/partners';
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { partners } from '../../db/schema/partners';
import { notFound } from '../../lib/errors';

type PartnerTranslations = Record<string, { headline: string; offer: string }>;

export function createPartnersService(db: Queryable) {
  /** An active partner's landing page data; unknown or inactive slugs are a 404. */
  async function publicPartner(slug: string, language: Language): Promise<PublicPartner> {
    const [row] = await db
      .select()
      .from(partners)
      .where(and(eq(partners.slug, slug), eq(partners.active, true)));
    if (!row) throw notFound();
    const translations = (row.translatedContent ?? {}) as PartnerTranslations;
    const text = translations[language] ?? translations.it ?? { headline: row.name, offer: '' };
    return {
      slug: row.slug,
      name: row.name,
      logo_svg: row.logoSvg,
      brand_color: row.brandColor,
      loan_to_value: row.loanToValue,
      headline: text.headline,
      offer: text.offer,
      translated_content: translations,
    };
  }

  /** Whether a registration may record this partner as its referral (the accounts module asks). */
  async function isActivePartner(slug: string): Promise<boolean> {
    const [row] = await db
      .select({ id: partners.id })
      .from(partners)
      .where(and(eq(partners.slug, slug), eq(partners.active, true)));
    return Boolean(row);
  }

  return { publicPartner, isActivePartner };
}
