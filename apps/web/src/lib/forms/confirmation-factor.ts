// The factor the customer's acts are confirmed with, known before one is asked for, so that the button that
// starts a signature names the step: "send me the code" only when a code is sent by SMS; an app user reads
// that the app's code comes next, a passkey user that the passkey does. Asked again each time a signing
// screen opens: a passkey or an app enrolled a moment ago changes it.
import { SIGNATURE_FACTOR_PATH, type SignatureFactor } from '@lombard/shared/schemas/authenticator';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http } from '../http/client';

const confirmationFactorQuery = queryOptions({
  queryKey: ['profile', 'confirmation-factor'] as const,
  queryFn: async ({ signal }) => (await http.get<SignatureFactor>(SIGNATURE_FACTOR_PATH, { signal })).data,
  staleTime: 0,
});

/** The start button's label: the screen's own SMS wording, or the app's or passkey's (neutral until known). */
export function useStartLabel(smsLabel: string): string {
  const { t } = useTranslation('common');
  const { data } = useQuery(confirmationFactorQuery);
  if (!data) return t('confirmation.start');
  if (data.factor === 'passkey') return t('confirmation.startPasskey');
  if (data.factor === 'authenticator') return t('confirmation.startApp');
  return smsLabel;
}
