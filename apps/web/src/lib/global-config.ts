// The global configuration through one queryOptions, so every reader shares one request and one
// cache entry. The server serves it from memory; it changes only when an operator edits it.
import { ADVANCE_PAYOUT_HOURS, MINIMUM_ADVANCE_AMOUNT } from '@lombard/shared/constants';
import { ADVANCE_RATE_BANDS, calculatorMaximum, rateBandsOf } from '@lombard/shared/money/rate-bands';
import type { GlobalConfig } from '@lombard/shared/schemas/config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { loadHttp } from './http/lazy-client';

export const GLOBAL_CONFIG_PATH = '/api/get-global-config/';

export const globalConfigQuery = queryOptions({
  queryKey: ['global-config'],
  queryFn: async ({ signal }) => (await (await loadHttp()).get<GlobalConfig>(GLOBAL_CONFIG_PATH, { signal })).data,
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});

/** What the configuration says of new advances; the product's published values until it has arrived. */
export function advanceTermsOf(config: GlobalConfig | undefined) {
  return {
    minimum: config?.minimum_advance_amount ?? MINIMUM_ADVANCE_AMOUNT,
    payoutHours: config?.advance_payout_hours ?? ADVANCE_PAYOUT_HOURS,
    bands: config ? rateBandsOf(config.advance_rate_bands) : [...ADVANCE_RATE_BANDS],
    /** The largest amount a calculator offers: the bank's maximum within the calculator's cap. */
    maximum: calculatorMaximum(config?.bank_maximum_advance_amount),
  };
}
export type AdvanceTerms = ReturnType<typeof advanceTermsOf>;

/**
 * The terms as an island's props, which are attributes (strings and numbers): the bands as JSON. The
 * island reads them back with `advanceTermsOfProps`.
 */
export interface AdvanceTermsProps {
  [name: string]: string | number | boolean | null;
  minimum: string | null;
  maximum: string | null;
  bands: string | null;
}
export const advanceTermsProps = (terms: AdvanceTerms): AdvanceTermsProps => ({
  minimum: terms.minimum,
  maximum: terms.maximum,
  bands: JSON.stringify(terms.bands),
});
export function advanceTermsOfProps(props: AdvanceTermsProps): AdvanceTerms {
  const published = advanceTermsOf(undefined);
  return {
    ...published,
    minimum: props.minimum ?? published.minimum,
    maximum: props.maximum ?? published.maximum,
    bands: props.bands ? (JSON.parse(props.bands) as AdvanceTerms['bands']) : published.bands,
  };
}

/** `advanceTermsOf` the configuration, for a page inside the app (an island is handed them as props). */
export function useAdvanceTerms(): AdvanceTerms {
  const { data } = useQuery(globalConfigQuery);
  return useMemo(() => advanceTermsOf(data), [data]);
}
