import { createHash } from 'node:crypto';
import {
  CALCULATOR_MAX_AMOUNT,
  COOKIE_CONSENT_DAYS,
  DEFAULT_CURRENCY,
  DEFAULT_REPLAY_ON_ERROR_SAMPLE_RATE,
  DEFAULT_REPLAY_SESSION_SAMPLE_RATE,
  DEPOSIT_GUARANTEE_EUR,
  MAX_INSTALMENTS,
  MINIMUM_ADVANCE_AMOUNT,
} from '@lombard/shared/constants';
import { DEFAULT_LOCALE, FALLBACK_LOCALE } from '@lombard/shared/locale';
import { type GlobalConfig, globalConfigSchema } from '@lombard/shared/schemas/config';
import { eq, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Database, Queryable } from '../../db/client';
import { settings } from '../../db/schema/settings';
import { EncodedBody } from '../../lib/content-encoding';

/** Keys of the operator-editable settings that feed the global configuration. */
export const SETTING_KEYS = {
  newsletter: 'newsletter_settings',
  bankMaximumAdvance: 'bank_maximum_advance_amount',
  socialLinks: 'social_links',
  partnerBank: 'partner_bank',
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

/** The configuration as sent: its JSON bytes, serialized (and compressed) once, and their entity tag. */
export interface ConfigAnswer {
  value: GlobalConfig;
  body: EncodedBody;
  etag: string;
}

/**
 * The global configuration the client reads at start. Built once from the environment and the settings
 * table, then served from memory; `invalidate()` when a setting changes (routes.ts: the database says so).
 */
export function createConfigService(db: Database, config: AppConfig) {
  let cached: Promise<ConfigAnswer> | null = null;
  // The same answer once it is built, so that a request can be answered without waiting on a promise.
  let ready: ConfigAnswer | null = null;

  async function build(): Promise<GlobalConfig> {
    const [newsletter, bankMaximum, socialLinks] = await Promise.all([
      readSetting<GlobalConfig['newsletter_settings']>(db, SETTING_KEYS.newsletter),
      readSetting<{ amount: string }>(db, SETTING_KEYS.bankMaximumAdvance),
      readSetting<GlobalConfig['social_links']>(db, SETTING_KEYS.socialLinks),
    ]);
    return {
      environment: config.env,
      error_reporting: {
        dsn: config.sentry.dsn,
        environment: config.sentry.environment,
        traces_sample_rate: config.sentry.tracesSampleRate,
        replays_session_sample_rate: DEFAULT_REPLAY_SESSION_SAMPLE_RATE,
        replays_on_error_sample_rate: DEFAULT_REPLAY_ON_ERROR_SAMPLE_RATE,
      },
      newsletter_settings: newsletter ?? {},
      currency: DEFAULT_CURRENCY,
      default_locale: DEFAULT_LOCALE,
      fallback_locale: FALLBACK_LOCALE,
      minimum_advance_amount: MINIMUM_ADVANCE_AMOUNT,
      bank_maximum_advance_amount: bankMaximum?.amount ?? '500000.00',
      calculator_max_amount: CALCULATOR_MAX_AMOUNT,
      max_instalments: MAX_INSTALMENTS,
      deposit_guarantee_amount: DEPOSIT_GUARANTEE_EUR,
      cookie_consent_days: COOKIE_CONSENT_DAYS,
      map: { tile_url: config.map.tileUrl, attribution: config.map.attribution },
      social_links: socialLinks ?? [],
      support_email: config.supportEmail,
    };
  }

  async function answer(): Promise<ConfigAnswer> {
    // Checked against the shared schema once here, rather than on every answer.
    const value = globalConfigSchema.parse(await build());
    const bytes = Buffer.from(JSON.stringify(value));
    const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
    return { value, body: new EncodedBody(bytes), etag };
  }

  return {
    answer(): Promise<ConfigAnswer> {
      if (cached) return cached;
      const pending = answer().then(
        (built) => {
          // Unless a setting changed while it was being built.
          if (cached === pending) ready = built;
          return built;
        },
        (error) => {
          if (cached === pending) cached = null;
          throw error;
        },
      );
      cached = pending;
      return pending;
    },
    /** The answer if it is built and still current, else null (then `answer()`). */
    ready(): ConfigAnswer | null {
      return ready;
    },
    async get(): Promise<GlobalConfig> {
      return (await this.answer()).value;
    },
    invalidate() {
      cached = null;
      ready = null;
    },
  };
}

export type ConfigService = ReturnType<typeof createConfigService>;
