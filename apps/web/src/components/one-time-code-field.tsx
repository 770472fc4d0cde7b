// The code sent by SMS that signs a document (an order, an advance's contract, a collateral swap): one
// labelled row of digits, the same everywhere a customer signs. A customer with an authenticator app types
// the app's code instead, and the label says so.
import { ONE_TIME_CODE_LENGTH } from '@lombard/shared/constants';
import type { ConfirmationFactor } from '@lombard/shared/schemas/authenticator';
import { Box, PinInput, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Every digit typed: only then may the customer press the button that signs. */
export function isCompleteCode(code: string) {
  return code.length === ONE_TIME_CODE_LENGTH;
}

interface Props {
  label: string;
  value: string;
  onChange(code: string): void;
  testId?: string;
  /** The server's answer about the code (wrong, tries left, when to ask for a new one). */
  error?: string;
  /** How the server asked for the confirmation: with `authenticator`, the label names the app. */
  factor?: ConfirmationFactor;
}

export function OneTimeCodeField({ label, value, onChange, testId, error, factor }: Props) {
  const { t } = useTranslation('common');
  const labelId = useId();
  const errorId = useId();
  return (
    <Box>
      <Text size="sm" fw={500} mb={4} id={labelId}>
        {factor === 'authenticator' ? t('confirmation.appCode') : label}
      </Text>
      <PinInput
        length={ONE_TIME_CODE_LENGTH}
        type="number"
        oneTimeCode
        value={value}
        onChange={onChange}
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        error={Boolean(error)}
        data-testid={testId}
      />
      {error && (
        <Text size="sm" c="var(--mantine-color-error)" mt={6} id={errorId} role="alert" data-testid="code-error">
          {error}
        </Text>
      )}
    </Box>
  );
}
