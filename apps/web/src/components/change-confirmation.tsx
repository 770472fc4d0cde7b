// The confirming step of a change of IBAN, e-mail or phone number: the new value, as the server bound the
// confirmation to it, above the customer's factor (ActConfirmation). A sentence may say what follows (the
// new number's own code, the new address's link).
import type { PendingConfirmation } from '@lombard/shared/schemas/authenticator';
import { Paper, Stack, Text } from '@mantine/core';
import { ActConfirmation, type ActProof } from './act-confirmation';
import { SummaryRow } from './summary-row';

interface Props {
  asked: PendingConfirmation;
  /** The new value's label, and the value as shown (the IBAN grouped by four). */
  label: string;
  value: string;
  /** What happens once confirmed, when something still does. */
  next?: string;
  onProof(proof: ActProof): Promise<void>;
  onAskAgain(): Promise<void>;
  submitLabel: string;
  /** `<testId>` on the panel, `<testId>-value` on the new value, `<testId>-confirmation` on the factor. */
  testId: string;
}

export function ChangeConfirmation({ asked, label, value, next, onProof, onAskAgain, submitLabel, testId }: Props) {
  return (
    <Paper withBorder radius="md" p="md" mt="md" data-testid={testId}>
      <Stack gap="sm">
        {/* Label over value: an IBAN or an address beside a label would wrap into pieces on a phone. */}
        <SummaryRow label={label} value={value} stacked="plain" testId={`${testId}-value`} />
        {next && (
          <Text size="sm" c="dimmed" data-testid={`${testId}-next`}>
            {next}
          </Text>
        )}
        <ActConfirmation
          asked={asked}
          onProof={onProof}
          onAskAgain={onAskAgain}
          submitLabel={submitLabel}
          testId={`${testId}-confirmation`}
        />
      </Stack>
    </Paper>
  );
}
