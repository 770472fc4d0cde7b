// The confirming step of a change of IBAN, e-mail or phone number: the new value, as the server bound the
// confirmation to it, above the customer's factor (ActConfirmation). A sentence may say what follows (the
// new number's own code, the new address's link).
import type { ActConfirmation as ConfirmationBody, PendingConfirmation } from '@lombard/shared/schemas/authenticator';
import { Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
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

type Answer = { pending: PendingConfirmation } | object;

/**
 * A change asked for with `send`, waiting for its confirmation: the pending confirmation and the values it
 * was asked for. `answered` keeps (or clears) it from the first answer; `confirm` sends the same values with
 * the proof and resolves to the done change's answer; `askAgain` asks a new confirmation for them.
 */
export function usePendingChange<Values extends object, A extends Answer>(
  send: (body: Values & { confirmation?: ConfirmationBody }) => Promise<A>,
) {
  const [asked, setAsked] = useState<{ pending: PendingConfirmation; values: Values } | null>(null);
  const keep = (values: Values, answer: A) =>
    setAsked('pending' in answer ? { pending: (answer as { pending: PendingConfirmation }).pending, values } : null);
  return {
    asked,
    answered: keep,
    clear: () => setAsked(null),
    confirm: async (proof: ActProof): Promise<A | null> =>
      asked && send({ ...asked.values, confirmation: { signature_id: asked.pending.signature_id, ...proof } }),
    askAgain: async () => {
      if (!asked) return;
      const answer = await send(asked.values);
      if ('pending' in answer) keep(asked.values, answer);
    },
  };
}
