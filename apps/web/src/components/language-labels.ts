import type { Locale } from '@lombard/shared/locale';

/** Language options: it-IT and en-US, each labelled in its own language. */
export const LANGUAGE_LABELS: Record<Locale, string> = { 'it-IT': 'Italiano', 'en-US': 'English' };
