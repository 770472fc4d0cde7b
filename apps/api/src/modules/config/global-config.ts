// The global configuration the client reads at start (GET /api/get-global-config/): built from the
// environment and the operator settings, serialized and compressed once, kept until a setting or the day
// changes.
import { createHash } from 'node:crypto';
import {
  CALCULATOR_MAX_AMOUNT,
  COOKIE_CONSENT_DAYS,
  DEFAULT_CURRENCY,
  DEFAULT_REPLAY_ON_ERROR_SAMPLE_RATE,
  DEFAULT_REPLAY_SESSION_SAMPLE_RATE,
  DEPOSIT_GUARANTEE_EUR,
  MAX_INSTALMENTS,
} from '@lombard/shared/constants';
import { DEFAULT_LOCALE, FALLBACK_LOCALE } from '@lombard/shared/locale';
import { representativeExample } from '@lombard/shared/money/quote-limits';
import { calculatorMaximum, rateBandsOf } from '@lombard/shared/money/rate-bands';
import { ADVANCE_USURY_CATEGORY, usuryThresholdInForce } from '@lombard/shared/money/usury';
import { type GlobalConfig, globalConfigSchema } from '@lombard/shared/schemas/config';
import { type OperatorSettings, ratesInForce } from '@lombard/shared/schemas/settings';
import type { AppConfig } from '../../config';
import { EncodedBody } from '../../lib/content-encoding';

/** The configuration as sent: its JSON bytes, serialized (and compressed) once, and their entity tag. */
export interface ConfigAnswer {
  value: GlobalConfig;
  body: EncodedBody;
  etag: string;
}

/**
 * The global configuration the client reads at start. Built once from the environment and the operator
 * settings (`readSettings`), then served from memory; `invalidate()` when a setting changes (routes.ts:
 * the database says so) or when the day changes (a rate schedule may take effect).
 */
export function createConfigService(
  config: AppConfig,
  readSettings: () => Promise<OperatorSettings>,
  today: () => string,
) {
  let cached: Promise<ConfigAnswer> | null = null;
  // The same answer once it is built, so that a request can be answered without waiting on a promise.
  let ready: ConfigAnswer | null = null;
  // The day the answer was built for, looked at again at most once a minute (a request costs microseconds).
  let builtFor = '';
  let lookAgainAt = 0;

  async function build(): Promise<GlobalConfig> {
    const settings = await readSettings();
    builtFor = today();
    const bands = ratesInForce(settings.rate_schedules, builtFor);
    // Priced with the shared calculator at the bands in force, so the advertising follows the price list.
    const example = representativeExample(
      rateBandsOf(bands),
      {
        minimum: settings.minimum_advance_amount,
        maximum: calculatorMaximum(settings.bank_maximum_advance_amount),
      },
      builtFor,
    );
    return {
      environment: config.env,
      error_reporting: {
        dsn: config.sentry.dsn,
        environment: config.sentry.environment,
        traces_sample_rate: config.sentry.tracesSampleRate,
        replays_session_sample_rate: DEFAULT_REPLAY_SESSION_SAMPLE_RATE,
        replays_on_error_sample_rate: DEFAULT_REPLAY_ON_ERROR_SAMPLE_RATE,
      },
      newsletter_settings: settings.newsletter_settings,
      currency: DEFAULT_CURRENCY,
      default_locale: DEFAULT_LOCALE,
      fallback_locale: FALLBACK_LOCALE,
      minimum_advance_amount: settings.minimum_advance_amount,
      bank_maximum_advance_amount: settings.bank_maximum_advance_amount,
      advance_rate_bands: bands,
      representative_example: {
        amount: example.amount,
        instalments: example.instalments,
        annual_rate: example.annualRate,
        apr: example.apr,
        quarterly_interest: example.quarterlyInterest,
        total_interest: example.totalInterest,
        total_repayable: example.totalRepayable,
      },
      advance_usury_threshold: usuryThresholdInForce(settings.usury_thresholds, ADVANCE_USURY_CATEGORY, builtFor),
      advance_payout_hours: settings.advance_payout_hours,
      calculator_max_amount: CALCULATOR_MAX_AMOUNT,
      max_instalments: MAX_INSTALMENTS,
      deposit_guarantee_amount: DEPOSIT_GUARANTEE_EUR,
      cookie_consent_days: COOKIE_CONSENT_DAYS,
      map: { tile_url: config.map.tileUrl, attribution: config.map.attribution },
      social_links: settings.social_links,
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
      const now = Date.now();
      if (ready && now >= lookAgainAt) {
        lookAgainAt = now + 60_000;
        if (today() !== builtFor) this.invalidate();
      }
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
