// The operator settings: the bank's advance limits, the rate bands with the day each set takes effect,
// the account customers pay into, the payout promise, the newsletter and social links. Read with the
// product's defaults for what was never set; written together (checked by the shared schema, audited
// with before and after, in one transaction). Every instance hears a write through the settings table's
// trigger (routes.ts) and rebuilds the global configuration it serves.
import { MINIMUM_ADVANCE_AMOUNT } from '@lombard/shared/constants';
import type { Language } from '@lombard/shared/locale';
import { type RateBand, rateBandsOf } from '@lombard/shared/money/rate-bands';
import { ADVANCE_USURY_CATEGORY, usuryThresholdInForce } from '@lombard/shared/money/usury';
import {
  DEFAULT_ADVANCE_LIMITS,
  DEFAULT_RATE_SCHEDULE,
  DEFAULT_USURY_THRESHOLDS,
  type OperatorSettings,
  type RateSchedule,
  ratesInForce,
  type UsuryThreshold,
} from '@lombard/shared/schemas/settings';
import { eq, sql } from 'drizzle-orm';
import { type Database, inTransaction, type Queryable } from '../../db/client';
import { settings } from '../../db/schema/settings';
import { type AuditActor, recordAudit } from '../../lib/resource/audit';
import { checkSchedulesUnderThresholds } from './usury-check';

/** Keys of the operator-editable settings that feed the global configuration. */
export const SETTING_KEYS = {
  newsletter: 'newsletter_settings',
  bankMaximumAdvance: 'bank_maximum_advance_amount',
  minimumAdvance: 'minimum_advance_amount',
  rateSchedules: 'advance_rate_schedules',
  usuryThresholds: 'usury_thresholds',
  payoutHours: 'advance_payout_hours',
  socialLinks: 'social_links',
  partnerBank: 'partner_bank',
  marginWarningRatio: 'margin_warning_ratio',
} as const;

/** Where customers send money: the partner bank's account (global configuration, editable by operators). */
export interface PartnerBank {
  beneficiary: string;
  iban: string;
  bic: string;
  bank_name: string;
}

/** The seeded partner bank account; a deployment sets its own in the settings. */
export const DEFAULT_PARTNER_BANK: PartnerBank = {
  beneficiary: 'Lombard S.p.A. – Conto clienti',
  iban: 'IT85W0306909606100000063251',
  bic: 'BCITITMM',
  bank_name: 'Banca Partner S.p.A.',
};

/** The partner bank's account as an SQL expression, for lists that show payment instructions per row. */
export const partnerBankSetting = sql<PartnerBank | null>`(select ${settings.value} from ${settings} where ${settings.key} = ${SETTING_KEYS.partnerBank})`;

export async function partnerBank(db: Queryable): Promise<PartnerBank> {
  return (await readSetting<PartnerBank>(db, SETTING_KEYS.partnerBank)) ?? DEFAULT_PARTNER_BANK;
}

export async function readSetting<T>(db: Queryable, key: string): Promise<T | undefined> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value as T | undefined;
}

export async function writeSetting(db: Queryable, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

type Stored = {
  [SETTING_KEYS.newsletter]: OperatorSettings['newsletter_settings'];
  [SETTING_KEYS.bankMaximumAdvance]: { amount: string };
  [SETTING_KEYS.minimumAdvance]: { amount: string };
  [SETTING_KEYS.rateSchedules]: RateSchedule[];
  [SETTING_KEYS.usuryThresholds]: UsuryThreshold[];
  [SETTING_KEYS.payoutHours]: { hours: number };
  [SETTING_KEYS.socialLinks]: OperatorSettings['social_links'];
  [SETTING_KEYS.partnerBank]: PartnerBank;
  [SETTING_KEYS.marginWarningRatio]: { ratio: string };
};
const read = <K extends keyof Stored>(db: Queryable, key: K) => readSetting<Stored[K]>(db, key);

/** Every setting as it is now; a key never written reads as the product's published value. */
export async function readOperatorSettings(db: Queryable): Promise<OperatorSettings> {
  const [newsletter, maximum, minimum, schedules, usury, payout, social, bank, warning] = await Promise.all([
    read(db, SETTING_KEYS.newsletter),
    read(db, SETTING_KEYS.bankMaximumAdvance),
    read(db, SETTING_KEYS.minimumAdvance),
    read(db, SETTING_KEYS.rateSchedules),
    read(db, SETTING_KEYS.usuryThresholds),
    read(db, SETTING_KEYS.payoutHours),
    read(db, SETTING_KEYS.socialLinks),
    read(db, SETTING_KEYS.partnerBank),
    read(db, SETTING_KEYS.marginWarningRatio),
  ]);
  return {
    minimum_advance_amount: minimum?.amount ?? DEFAULT_ADVANCE_LIMITS.minimum_advance_amount,
    bank_maximum_advance_amount: maximum?.amount ?? '500000.00',
    rate_schedules: schedules?.length ? schedules : [DEFAULT_RATE_SCHEDULE],
    usury_thresholds: usury?.length ? usury : DEFAULT_USURY_THRESHOLDS,
    advance_payout_hours: payout?.hours ?? DEFAULT_ADVANCE_LIMITS.advance_payout_hours,
    margin_warning_ratio: warning?.ratio ?? DEFAULT_ADVANCE_LIMITS.margin_warning_ratio,
    partner_bank: bank ?? DEFAULT_PARTNER_BANK,
    newsletter_settings: newsletter ?? {},
    social_links: social ?? [],
  };
}

/** What a new advance is priced and bounded by on `today`. */
export interface AdvanceSettings {
  bands: RateBand[];
  minimum: string;
  payoutHours: number;
  /** The usury threshold for advances on `today`: no quote above its APR is offered. */
  usuryThreshold: UsuryThreshold | null;
}

export async function advanceSettings(db: Queryable, today: string): Promise<AdvanceSettings> {
  const [schedules, minimum, payout, usury] = await Promise.all([
    read(db, SETTING_KEYS.rateSchedules),
    read(db, SETTING_KEYS.minimumAdvance),
    read(db, SETTING_KEYS.payoutHours),
    read(db, SETTING_KEYS.usuryThresholds),
  ]);
  return {
    usuryThreshold: usuryThresholdInForce(
      usury?.length ? usury : DEFAULT_USURY_THRESHOLDS,
      ADVANCE_USURY_CATEGORY,
      today,
    ),
    bands: rateBandsOf(ratesInForce(schedules?.length ? schedules : [DEFAULT_RATE_SCHEDULE], today)),
    minimum: minimum?.amount ?? MINIMUM_ADVANCE_AMOUNT,
    payoutHours: payout?.hours ?? DEFAULT_ADVANCE_LIMITS.advance_payout_hours,
  };
}

/** The loan ÷ limit at which the margin warning goes out (the operator's setting, 0.90 by default). */
export async function marginWarningRatio(db: Queryable): Promise<string> {
  return (await read(db, SETTING_KEYS.marginWarningRatio))?.ratio ?? DEFAULT_ADVANCE_LIMITS.margin_warning_ratio;
}

/** JSON with every object's keys sorted: jsonb keeps its own key order, so stored and sent differ in it. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, item) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );

/** How each field of the document is kept. */
const STORED: { [F in keyof OperatorSettings]: (value: OperatorSettings[F]) => [keyof Stored, unknown] } = {
  minimum_advance_amount: (amount) => [SETTING_KEYS.minimumAdvance, { amount }],
  bank_maximum_advance_amount: (amount) => [SETTING_KEYS.bankMaximumAdvance, { amount }],
  rate_schedules: (schedules) => [
    SETTING_KEYS.rateSchedules,
    [...schedules].sort((a, b) => a.valid_from.localeCompare(b.valid_from)),
  ],
  usury_thresholds: (thresholds) => [
    SETTING_KEYS.usuryThresholds,
    [...thresholds].sort((a, b) => `${a.category}:${a.quarter}`.localeCompare(`${b.category}:${b.quarter}`)),
  ],
  advance_payout_hours: (hours) => [SETTING_KEYS.payoutHours, { hours }],
  margin_warning_ratio: (ratio) => [SETTING_KEYS.marginWarningRatio, { ratio }],
  partner_bank: (bank) => [SETTING_KEYS.partnerBank, bank],
  newsletter_settings: (links) => [SETTING_KEYS.newsletter, links],
  social_links: (links) => [SETTING_KEYS.socialLinks, links],
};

/**
 * Replaces the settings with `next` (already checked by the shared schema). Only the fields that change
 * are written and audited; an unchanged document writes nothing. Answers the settings as now stored.
 */
export async function updateOperatorSettings(
  db: Database,
  actor: AuditActor,
  next: OperatorSettings,
  request: { requestId?: string; ip?: string; today: string; language: Language },
): Promise<OperatorSettings> {
  // No price list may quote above a usury threshold while both are in force (a 400 naming the band).
  checkSchedulesUnderThresholds(next, request.today, request.language);
  return inTransaction(db, async (tx) => {
    // Two operators saving at once: the second sees the first's document as its "before".
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('operator-settings'))`);
    const before = await readOperatorSettings(tx);
    const changed = (Object.keys(STORED) as Array<keyof OperatorSettings>).filter(
      (field) => canonical(STORED[field](before[field] as never)) !== canonical(STORED[field](next[field] as never)),
    );
    for (const field of changed) {
      const [key, value] = STORED[field](next[field] as never);
      await writeSetting(tx, key, value);
    }
    if (changed.length > 0)
      await recordAudit(tx, actor, {
        action: 'update',
        objectType: 'settings',
        before: Object.fromEntries(changed.map((field) => [field, before[field]])),
        after: Object.fromEntries(changed.map((field) => [field, next[field]])),
        requestId: request.requestId,
        ip: request.ip,
      });
    return readOperatorSettings(tx);
  });
}
