import type { Language } from '@lombard/shared/locale';
import type { PublicPartner } from '@lombard/shared/schemas/partners';
import { and, eq, inArray } from 'drizzle-orm';
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

/** An active partner company's name by id (an employer named in a profile), or null. */
export async function activePartnerName(db: Queryable, partnerId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: partners.name })
    .from(partners)
    .where(and(eq(partners.id, partnerId), eq(partners.active, true)));
  return row?.name ?? null;
}

/** Partner companies still active, by name: what an employee may pick as employer. */
export async function activePartners(db: Queryable): Promise<Array<{ id: number; name: string; slug: string }>> {
  return db
    .select({ id: partners.id, name: partners.name, slug: partners.slug })
    .from(partners)
    .where(eq(partners.active, true))
    .orderBy(partners.name);
}

/** Names of partner companies by id, active or not (an employer named earlier keeps its name). */
export async function partnerNames(db: Queryable, partnerIds: number[]): Promise<Map<number, string>> {
  if (partnerIds.length === 0) return new Map();
  const rows = await db
    .select({ id: partners.id, name: partners.name })
    .from(partners)
    .where(inArray(partners.id, partnerIds));
  return new Map(rows.map((r) => [r.id, r.name]));
}
