// The phone number in international format, confirmed by a six-digit code sent by SMS. A wrong code, the
// last try and the hour's sends are answered by the server with their message (the tries left, when a new
// code can be asked for), shown under the field concerned: the code's, or the number's for a send.
// Replacing a verified number takes two steps, each said on screen: the change is confirmed with the
// customer's strongest factor (bound to the new number, shown), then the new number gets its own code; the
// verified one stays in use until that code is typed.
import { ONE_TIME_CODE_LENGTH, ONE_TIME_CODE_VALIDITY_MINUTES } from '@lombard/shared/constants';
import { phoneNumberSchema, phoneVerifySchema } from '@lombard/shared/schemas/profile';
import type { PhoneState } from '@lombard/shared/schemas/profile-views';
import { Alert, Group, Input, PinInput, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleCheck, IconMessage2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangeConfirmation, usePendingChange } from '../../components/change-confirmation';
import { SubmitButton } from '../../components/submit-button';
import { codeAnswersTo } from '../../lib/forms/one-time-code-errors';
import { useApiForm } from '../../lib/forms/use-api-form';
import { notifySuccess } from '../../lib/notify';
import { useSendPhoneCode, useVerifyPhone } from './api';

export function PhoneTab({ saved }: { saved: PhoneState | null }) {
  const { t } = useTranslation(['profile', 'errors']);
  const sendCode = useSendPhoneCode();
  const verify = useVerifyPhone();
  // A change confirmed earlier waits for the new number's code.
  const [sentTo, setSentTo] = useState<string | null>(saved?.changing_to ?? null);
  const change = usePendingChange((body: { phone: string }) => sendCode.mutateAsync(body));
  const { asked } = change;
  const codeSent = (phone: string) => {
    change.clear();
    setSentTo(phone);
    code.form.reset();
  };

  const phone = useApiForm({
    schema: phoneNumberSchema,
    initialValues: { phone: saved?.phone ?? '' },
    send: (values) => sendCode.mutateAsync(values),
    success: (result) => ('detail' in result ? result.detail : undefined),
    onSuccess: (result, values) => {
      if ('pending' in result) {
        setSentTo(null);
        change.answered({ phone: values.phone }, result);
      } else codeSent(values.phone);
    },
    onErrorCode: codeAnswersTo((text) => phone.form.setFieldError('phone', text)),
  });

  const code = useApiForm({
    schema: phoneVerifySchema,
    initialValues: { code: '' },
    send: (values) => verify.mutateAsync(values),
    success: t('errors:success.phoneVerified'),
    onSuccess: () => setSentTo(null),
    onErrorCode: codeAnswersTo((text) => code.form.setFieldError('code', text)),
  });

  return (
    <Stack gap="lg">
      {saved?.verified && (!sentTo || sentTo !== saved.phone) && (
        <Alert
          color="teal"
          variant="light"
          icon={<IconCircleCheck size={18} aria-hidden />}
          data-testid="phone-verified"
        >
          {sentTo
            ? t('phone.verifiedUntil', { phone: saved.phone, next: sentTo })
            : t('phone.verified', { phone: saved.phone })}
        </Alert>
      )}
      <form onSubmit={phone.onSubmit} noValidate>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t('phone.number')}
            description={t('phone.numberHint')}
            placeholder="+39 333 123 4567"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            withAsterisk
            style={{ flex: '1 1 240px' }}
            {...phone.form.getInputProps('phone')}
            data-testid="phone-number"
          />
          {!asked && (
            <SubmitButton
              submitting={phone.submitting}
              variant={sentTo ? 'default' : 'filled'}
              leftSection={<IconMessage2 size={18} aria-hidden />}
              testId="phone-send-code"
            >
              {sentTo ? t('phone.resend') : saved?.verified ? t('phone.change') : t('phone.sendCode')}
            </SubmitButton>
          )}
        </Group>
      </form>
      {asked && (
        <ChangeConfirmation
          asked={asked.pending}
          label={t('phone.newNumber')}
          value={asked.pending.confirming.value ?? asked.values.phone}
          next={t('phone.changeSteps')}
          onProof={async (proof) => {
            const answer = await change.confirm(proof);
            if (answer && 'detail' in answer) {
              notifySuccess(answer.detail);
              codeSent(asked.values.phone);
            }
          }}
          onAskAgain={change.askAgain}
          submitLabel={t('phone.confirmChange')}
          testId="phone-change"
        />
      )}
      {sentTo && (
        <form onSubmit={code.onSubmit} noValidate data-testid="phone-code-form">
          <Stack gap="sm">
            <Text size="sm">{t('phone.codeSent', { phone: sentTo, minutes: ONE_TIME_CODE_VALIDITY_MINUTES })}</Text>
            <Input.Wrapper label={t('phone.code')} withAsterisk error={code.form.errors.code}>
              <PinInput
                length={ONE_TIME_CODE_LENGTH}
                type="number"
                oneTimeCode
                mt={6}
                aria-label={t('phone.code')}
                error={Boolean(code.form.errors.code)}
                value={String(code.form.values.code)}
                onChange={(value) => code.form.setFieldValue('code', value)}
                data-testid="phone-code"
              />
            </Input.Wrapper>
            <SubmitButton submitting={code.submitting} testId="phone-verify">
              {t('phone.verify')}
            </SubmitButton>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
