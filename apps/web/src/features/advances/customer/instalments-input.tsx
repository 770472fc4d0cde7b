// How many quarterly instalments, in the calculator and in the request form alike: whole numbers only and
// never clamped, so that an out-of-range count stays as typed and the shared rule's message says why.
import { MAX_INSTALMENTS, MIN_INSTALMENTS } from '@lombard/shared/constants';
import { NumberInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  value: number | string;
  onChange(value: number | string): void;
  error?: string;
  testId: string;
}

export function InstalmentsInput({ value, onChange, error, testId }: Props) {
  const { t } = useTranslation('loan');
  return (
    <NumberInput
      label={t('request.instalments')}
      description={t('request.instalmentsHint', { min: MIN_INSTALMENTS, max: MAX_INSTALMENTS })}
      value={value}
      onChange={onChange}
      min={MIN_INSTALMENTS}
      max={MAX_INSTALMENTS}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      inputMode="numeric"
      error={error}
      data-testid={testId}
    />
  );
}
