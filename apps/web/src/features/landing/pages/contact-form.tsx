// The contact form: validated with the shared schema before sending, the server's field errors
// shown under the fields, and the confirmation with the support reply times.
import { SUPPORT_REPLY_HOURS_WEEKDAY, SUPPORT_REPLY_HOURS_WEEKEND } from '@lombard/shared/constants';
import { CONTACT_LIMITS, CONTACT_TOPICS, contactMessageSchema } from '@lombard/shared/schemas/contact';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconCircleCheck, IconSend } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApiForm } from '../../../lib/forms/use-api-form';
import { useSendContactMessage } from '../api';
import { LANDING_PATHS } from '../components/site-links';

const initialValues = {
  name: '',
  email: '',
  topic: '' as string,
  subject: '',
  message: '',
  privacy_accepted: false,
};

export function ContactForm() {
  const { t } = useTranslation('contact');
  const send = useSendContactMessage();
  const [sent, setSent] = useState<string | null>(null);
  const confirmation = useRef<HTMLDivElement>(null);
  const { form, onSubmit, submitting } = useApiForm({
    schema: contactMessageSchema,
    initialValues,
    send: (values) =>
      send.mutateAsync({ ...values, topic: values.topic as (typeof CONTACT_TOPICS)[number], privacy_accepted: true }),
    onSuccess: ({ detail }) => {
      setSent(detail);
      form.reset();
      requestAnimationFrame(() => confirmation.current?.focus());
    },
  });

  // Without the form's focus handler: it re-rendered the form at the tap, before the browser could open
  // the list (the field counts as touched once chosen; leaving it still checks it).
  const { onFocus: _touchOnFocus, ...topicProps } = form.getInputProps('topic');

  if (sent) {
    return (
      <Alert
        ref={confirmation}
        tabIndex={-1}
        color="teal"
        radius="lg"
        icon={<IconCircleCheck size={22} aria-hidden />}
        title={t('form.sentTitle')}
        data-testid="contact-sent"
      >
        <Stack gap="sm">
          <Text size="sm">{sent}</Text>
          <Button variant="light" color="teal" onClick={() => setSent(null)} style={{ alignSelf: 'flex-start' }}>
            {t('form.another')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate data-testid="contact-form" aria-describedby="contact-form-note">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('form.name')}
            autoComplete="name"
            required
            maxLength={CONTACT_LIMITS.name.max}
            {...form.getInputProps('name')}
            data-testid="contact-name"
          />
          <TextInput
            label={t('form.email')}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
            data-testid="contact-email"
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {/* The browser's own list: it opens at the tap, before the app and while the phone is busy. */}
          <NativeSelect
            label={t('form.topic')}
            required
            data={[
              { value: '', label: t('form.topicPlaceholder'), disabled: true },
              ...CONTACT_TOPICS.map((value) => ({ value, label: t(`topics.${value}`) })),
            ]}
            {...topicProps}
            classNames={{ input: 'native-list' }}
            data-testid="contact-topic"
          />
          <TextInput
            label={t('form.subject')}
            maxLength={CONTACT_LIMITS.subject.max}
            {...form.getInputProps('subject')}
            data-testid="contact-subject"
          />
        </SimpleGrid>
        <Textarea
          label={t('form.message')}
          description={t('form.messageHint', { min: CONTACT_LIMITS.message.min })}
          required
          autosize
          minRows={5}
          maxRows={12}
          maxLength={CONTACT_LIMITS.message.max}
          {...form.getInputProps('message')}
          data-testid="contact-message"
        />
        <Checkbox
          label={
            <Trans
              t={t}
              i18nKey="form.privacy"
              components={{
                anchor: <Anchor component={Link} to={LANDING_PATHS.privacyPolicy} inherit underline="always" />,
              }}
            />
          }
          {...form.getInputProps('privacy_accepted', { type: 'checkbox' })}
          data-testid="contact-privacy"
        />
        <Group justify="space-between" align="center" gap="md">
          <Text size="xs" c="dimmed" id="contact-form-note" maw={420}>
            {t('form.note', { weekday: SUPPORT_REPLY_HOURS_WEEKDAY, weekend: SUPPORT_REPLY_HOURS_WEEKEND })}
          </Text>
          <Button
            type="submit"
            size="md"
            loading={submitting}
            leftSection={<IconSend size={18} aria-hidden />}
            data-testid="contact-submit"
          >
            {t('form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
