// The code sent by SMS that signs a document (an order, an advance's contract, a collateral swap): one
// labelled row of digits, the same everywhere a customer signs. A customer with an authenticator app types
// the app's code instead, and the label says so; without the phone they may type a recovery code.
import { ONE_TIME_CODE_LENGTH } from '@lombard/shared/constants';
import type { ConfirmationFactor } from '@lombard/shared/schemas/authenticator';
import { Anchor, Box, PinInput, Text, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

const DIGITS = new RegExp(`^\\d{${ONE_TIME_CODE_LENGTH}}$`);
const RECOVERY = /^[0-9A-Z]{5}-?[0-9A-Z]{5}$/i;

/** Every digit typed (or a whole recovery code): only then may the customer press the button that signs. */
export function isCompleteCode(code: string) {
  return DIGITS.test(code) || RECOVERY.test(code.trim());
}

/** The proof a confirming request carries for what was typed: the code, or a recovery code. */
export function proofOf(code: string): { code: string } | { recovery_code: string } {
  return DIGITS.test(code) ? { code } : { recovery_code: code.trim() };
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
  const [recovery, setRecovery] = useState(false);
  const labelId = useId();
  const errorId = useId();
  const app = factor === 'authenticator';
  return (
    <Box>
      <Text size="sm" fw={500} mb={4} id={labelId}>
        {recovery ? t('confirmation.recoveryCode') : app ? t('confirmation.appCode') : label}
      </Text>
      {recovery ? (
        <TextInput
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          aria-labelledby={labelId}
          aria-describedby={error ? errorId : undefined}
          error={Boolean(error)}
          autoComplete="off"
          placeholder="ABCDE-FGHJK"
          maw={220}
          data-testid={testId && `${testId}-recovery`}
        />
      ) : (
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
      )}
      {app && (
        <Anchor
          component="button"
          type="button"
          size="xs"
          mt={6}
          onClick={() => {
            setRecovery(!recovery);
            onChange('');
          }}
        >
          {recovery ? t('confirmation.useApp') : t('confirmation.useRecovery')}
        </Anchor>
      )}
      {error && (
        <Text size="sm" c="var(--mantine-color-error)" mt={6} id={errorId} role="alert" data-testid="code-error">
          {error}
        </Text>
      )}
    </Box>
  );
}
