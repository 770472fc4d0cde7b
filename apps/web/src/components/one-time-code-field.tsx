// The code sent by SMS that signs a document (an order, an advance's contract, a collateral swap): one
// labelled row of digits, the same everywhere a customer signs.
import { ONE_TIME_CODE_LENGTH } from '@lombard/shared/constants';
import { Box, PinInput, Text } from '@mantine/core';
import { useId } from 'react';

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
}

export function OneTimeCodeField({ label, value, onChange, testId, error }: Props) {
  const labelId = useId();
  const errorId = useId();
  return (
    <Box>
      <Text size="sm" fw={500} mb={4} id={labelId}>
        {label}
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
