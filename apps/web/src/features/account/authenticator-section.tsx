// The authenticator app in the settings: set up (the server's QR code, the secret in groups of four to
// type by hand, the app's first code), then the recovery codes shown this once with copy and download;
// once set up, it confirms every order, contract and swap instead of the SMS, and disabling takes a code.
import { ONE_TIME_CODE_LENGTH } from '@lombard/shared/constants';
import {
  type AuthenticatorEnrolment,
  authenticatorConfirmSchema,
  authenticatorDisableSchema,
} from '@lombard/shared/schemas/authenticator';
import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  Input,
  PinInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCopy, IconDownload, IconShieldLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../components/submit-button';
import { formatDate } from '../../lib/format';
import { codeAnswersTo } from '../../lib/forms/one-time-code-errors';
import { useApiForm } from '../../lib/forms/use-api-form';
import { currentLanguage } from '../../lib/i18n/i18n';
import {
  authenticatorQuery,
  useConfirmEnrolment,
  useDisableAuthenticator,
  useStartEnrolment,
} from './authenticator-api';

/** The secret as an app asks it to be typed: groups of four. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

function CodeField(props: {
  label: string;
  testId: string;
  value: string;
  error: React.ReactNode;
  onChange(value: string): void;
}) {
  return (
    <Input.Wrapper label={props.label} withAsterisk error={props.error}>
      <PinInput
        length={ONE_TIME_CODE_LENGTH}
        type="number"
        oneTimeCode
        mt={6}
        aria-label={props.label}
        error={Boolean(props.error)}
        value={props.value}
        onChange={props.onChange}
        data-testid={props.testId}
      />
    </Input.Wrapper>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('account');
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: 'lombard-recovery-codes.txt' });
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="sm" data-testid="authenticator-recovery-codes">
      <Alert color="yellow" variant="light">
        {t('authenticator.recoveryHint')}
      </Alert>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        {codes.map((code) => (
          <Code key={code} fz="md">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="default" leftSection={<IconCopy size={16} aria-hidden />} onClick={copy}>
              {copied ? t('authenticator.copied') : t('authenticator.copy')}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={download}>
          {t('authenticator.download')}
        </Button>
        <Button onClick={onDone} data-testid="authenticator-recovery-done">
          {t('authenticator.saved')}
        </Button>
      </Group>
    </Stack>
  );
}

function Enrolment({
  enrolment,
  onEnrolled,
}: {
  enrolment: AuthenticatorEnrolment;
  onEnrolled: (c: string[]) => void;
}) {
  const { t } = useTranslation('account');
  const confirm = useConfirmEnrolment();
  const code = useApiForm({
    schema: authenticatorConfirmSchema,
    initialValues: { code: '' },
    send: (values) => confirm.mutateAsync({ code: values.code }),
    success: (result) => result.detail,
    onSuccess: (result) => onEnrolled(result.recovery_codes),
    onErrorCode: codeAnswersTo((text) => code.form.setFieldError('code', text)),
  });
  return (
    <form onSubmit={code.onSubmit} noValidate data-testid="authenticator-enrolment">
      <Stack gap="sm">
        <Text size="sm">{t('authenticator.scan')}</Text>
        <Image src={enrolment.qr_code} alt={t('authenticator.qrAlt')} w={200} h={200} />
        <Text size="sm">{t('authenticator.manual')}</Text>
        <Code fz="md" data-testid="authenticator-secret">
          {grouped(enrolment.secret)}
        </Code>
        <CodeField
          label={t('authenticator.firstCode')}
          testId="authenticator-first-code"
          value={code.form.values.code}
          error={code.form.errors.code}
          onChange={(value) => code.form.setFieldValue('code', value)}
        />
        <SubmitButton submitting={code.submitting} testId="authenticator-confirm">
          {t('authenticator.confirm')}
        </SubmitButton>
      </Stack>
    </form>
  );
}

function Disable({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('account');
  const disable = useDisableAuthenticator();
  const [recovery, setRecovery] = useState(false);
  const form = useApiForm<{ code?: string; recovery_code?: string }, { detail: string }>({
    schema: authenticatorDisableSchema,
    initialValues: { code: '', recovery_code: '' },
    // Only the proof in use is sent (and judged): the other field stays out of the body.
    prepare: (values) => (recovery ? { recovery_code: values.recovery_code } : { code: values.code }),
    send: (values) => disable.mutateAsync(values),
    success: (result) => result.detail,
    onSuccess: onDone,
    onErrorCode: codeAnswersTo((text) => form.form.setFieldError(recovery ? 'recovery_code' : 'code', text)),
  });
  return (
    <form onSubmit={form.onSubmit} noValidate data-testid="authenticator-disable-form">
      <Stack gap="sm">
        {recovery ? (
          <TextInput
            label={t('authenticator.recoveryCode')}
            withAsterisk
            autoComplete="off"
            {...form.form.getInputProps('recovery_code')}
          />
        ) : (
          <CodeField
            label={t('authenticator.currentCode')}
            testId="authenticator-disable-code"
            value={form.form.values.code ?? ''}
            error={form.form.errors.code}
            onChange={(value) => form.form.setFieldValue('code', value)}
          />
        )}
        <Group gap="sm">
          <SubmitButton submitting={form.submitting} color="red" testId="authenticator-disable-confirm">
            {t('authenticator.disable')}
          </SubmitButton>
          <Button variant="subtle" onClick={() => setRecovery(!recovery)}>
            {recovery ? t('authenticator.useApp') : t('authenticator.useRecovery')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function AuthenticatorSection() {
  const { t } = useTranslation('account');
  const status = useQuery(authenticatorQuery);
  const start = useStartEnrolment();
  const [enrolment, setEnrolment] = useState<AuthenticatorEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [disabling, setDisabling] = useState(false);
  const enrolled = status.data?.enrolled ?? false;

  return (
    <Stack gap="md" data-testid="authenticator-section">
      <Group justify="space-between" align="center" gap="md" wrap="wrap">
        <Stack gap={2} style={{ flex: '1 1 240px' }}>
          <Title order={2} fz="md">
            {t('authenticator.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {enrolled && status.data?.enrolled_at
              ? t('authenticator.enabled', {
                  date: formatDate(status.data.enrolled_at, currentLanguage()),
                  count: status.data.recovery_codes_left,
                })
              : t('authenticator.hint')}
          </Text>
        </Stack>
        {!enrolled && !enrolment && (
          <Button
            leftSection={<IconShieldLock size={16} aria-hidden />}
            loading={start.isPending}
            onClick={() => start.mutate(undefined, { onSuccess: setEnrolment })}
            data-testid="authenticator-start"
          >
            {t('authenticator.setUp')}
          </Button>
        )}
        {enrolled && !codes && !disabling && (
          <Button
            variant="outline"
            color="red"
            c="red"
            onClick={() => setDisabling(true)}
            data-testid="authenticator-disable"
          >
            {t('authenticator.disable')}
          </Button>
        )}
      </Group>
      {enrolment && !codes && (
        <Enrolment
          enrolment={enrolment}
          onEnrolled={(issued) => {
            setCodes(issued);
            setEnrolment(null);
          }}
        />
      )}
      {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />}
      {enrolled && disabling && <Disable onDone={() => setDisabling(false)} />}
    </Stack>
  );
}
