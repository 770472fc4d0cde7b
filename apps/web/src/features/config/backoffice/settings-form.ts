// The settings as the form edits them: rates in percent (4,90 rather than 0.0490), as an operator reads
// a price list; sent as the fraction the API keeps. Every field's path, for the server's messages.
import type { Language } from '@lombard/shared/locale';
import type { OperatorSettings, RateSchedule } from '@lombard/shared/schemas/settings';

export interface SettingsFormValues extends Omit<OperatorSettings, 'rate_schedules'> {
  [key: string]: unknown;
  rate_schedules: RateSchedule[];
}

/** "0.0490" → "4,90" in Italian, "4.90" in English. */
export function percentOf(fraction: string, language: Language): string {
  const match = /^0\.(\d{2})(\d{0,2})$/.exec(fraction);
  if (!match) return fraction;
  return `${Number(match[1])}${language === 'it' ? ',' : '.'}${(match[2] ?? '').padEnd(2, '0')}`;
}

/**
 * "4,9" or "4.90" → "0.0490", digit by digit (no floating point); anything else is sent as typed, so
 * the schema refuses it with its message rather than the form guessing.
 */
export function fractionOf(percent: string): string {
  const match = /^(\d{1,2})(?:[.,](\d{1,2}))?$/.exec(percent.trim());
  if (!match) return percent;
  return `0.${match[1]!.padStart(2, '0')}${(match[2] ?? '').padEnd(2, '0')}`;
}

/** A usury threshold "0.170400" → "17,04" (up to four decimals of a percent, as the Bank of Italy prints it). */
export function thresholdPercentOf(fraction: string, language: Language): string {
  const match = /^0\.(\d{2})(\d{0,4})$/.exec(fraction);
  if (!match) return fraction;
  const decimals = (match[2] ?? '')
    .padEnd(4, '0')
    .replace(/0{1,2}$/, '')
    .replace(/0$/, '');
  return `${Number(match[1])}${language === 'it' ? ',' : '.'}${decimals.padEnd(2, '0')}`;
}

/** "17,04" or "16.6575" → "0.170400" / "0.166575", digit by digit; anything else as typed (the schema says no). */
export function thresholdFractionOf(percent: string): string {
  const match = /^(\d{1,2})(?:[.,](\d{1,4}))?$/.exec(percent.trim());
  if (!match) return percent;
  return `0.${match[1]!.padStart(2, '0')}${(match[2] ?? '').padEnd(4, '0')}`;
}

export const toForm = (settings: OperatorSettings, language: Language): SettingsFormValues => ({
  ...settings,
  usury_thresholds: settings.usury_thresholds.map((item) => ({
    ...item,
    threshold_apr: thresholdPercentOf(item.threshold_apr, language),
  })),
  margin_warning_ratio: percentOf(settings.margin_warning_ratio.padEnd(4, '0'), language),
  rate_schedules: settings.rate_schedules.map((schedule) => ({
    ...schedule,
    bands: schedule.bands.map((band) => ({ ...band, annual_rate: percentOf(band.annual_rate, language) })),
  })),
});

export const toSettings = (values: SettingsFormValues): SettingsFormValues => ({
  ...values,
  usury_thresholds: values.usury_thresholds.map((item) => ({
    ...item,
    threshold_apr: thresholdFractionOf(item.threshold_apr),
  })),
  margin_warning_ratio: fractionOf(values.margin_warning_ratio),
  rate_schedules: values.rate_schedules.map((schedule) => ({
    ...schedule,
    bands: schedule.bands.map((band) => ({ ...band, annual_rate: fractionOf(band.annual_rate) })),
  })),
});

/** Every field the server may name, so that its message goes under that field. */
export function fieldPaths(values: SettingsFormValues): string[] {
  const paths = [
    'minimum_advance_amount',
    'bank_maximum_advance_amount',
    'advance_payout_hours',
    'margin_warning_ratio',
    'partner_bank.beneficiary',
    'partner_bank.iban',
    'partner_bank.bic',
    'partner_bank.bank_name',
    'newsletter_settings.it.url',
    'newsletter_settings.en.url',
  ];
  values.rate_schedules.forEach((schedule, s) => {
    paths.push(`rate_schedules.${s}.valid_from`);
    schedule.bands.forEach((_band, b) => {
      paths.push(`rate_schedules.${s}.bands.${b}.from`, `rate_schedules.${s}.bands.${b}.annual_rate`);
    });
  });
  values.usury_thresholds.forEach((_item, index) => {
    paths.push(`usury_thresholds.${index}.quarter`, `usury_thresholds.${index}.threshold_apr`);
  });
  values.social_links.forEach((_link, index) => {
    paths.push(`social_links.${index}.url`);
  });
  return paths;
}
