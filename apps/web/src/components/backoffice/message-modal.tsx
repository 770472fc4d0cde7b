// An operator writes to a user: POST /api/v1/backoffice/notifications/ (the user sees it under the bell).
import { buildListQuery } from '@lombard/shared/query-string';
import type { BackofficeUser } from '@lombard/shared/schemas/backoffice';
import type { BackofficeNotification } from '@lombard/shared/schemas/notifications';
import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATIONS_API, USERS_API } from '../../lib/backoffice/paths';
import { unlessShown, useSingleFlight } from '../../lib/forms/single-flight';
import { isHttpError } from '../../lib/http/http-error';
import { useResourceActions } from '../../lib/resource/actions';
import type { Row } from '../../lib/resource/queries';
import { resourceListQuery } from '../../lib/resource/queries';

interface Props {
  opened: boolean;
  onClose(): void;
  /** A fixed recipient (from a user's detail); otherwise the operator picks one. */
  recipient?: { id: number; email: string };
}

type Errors = Partial<Record<'user_id' | 'title' | 'body', string>>;

function RecipientPicker({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange(id: string | null): void;
  error?: string;
}) {
  const { t } = useTranslation('backoffice');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const users = useQuery(
    resourceListQuery<BackofficeUser & Row>(USERS_API, buildListQuery({ perPage: 10, filters: { search: debounced } })),
  );
  return (
    <Select
      label={t('message.recipient')}
      placeholder={t('message.recipientPlaceholder')}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      data={(users.data?.results ?? []).map((u) => ({ value: String(u.id), label: u.email }))}
      value={value}
      onChange={onChange}
      nothingFoundMessage={t('noMatch')}
      error={error}
      required
      comboboxProps={{ withinPortal: true }}
      data-testid="message-recipient"
    />
  );
}

export function MessageModal({ opened, onClose, recipient }: Props) {
  const { t } = useTranslation('backoffice');
  const { save } = useResourceActions<BackofficeNotification & Row>(NOTIFICATIONS_API);
  const [userId, setUserId] = useState<string | null>(recipient ? String(recipient.id) : null);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  useEffect(() => {
    if (!opened) return;
    setUserId(recipient ? String(recipient.id) : null);
    setTitle('');
    setBody('');
    setErrors({});
  }, [opened, recipient]);

  // One message per press: a double-click's second submit comes before the button shows it is busy.
  const [submit, sending] = useSingleFlight(() =>
    save
      .mutateAsync({ values: { user_id: userId ? Number(userId) : null, title, body } })
      .then(onClose)
      .catch((error: unknown) => {
        // A 400 names the fields (shown under them); anything else the HTTP layer showed already.
        if (!isHttpError(error) || error.response?.status !== 400) return unlessShown(error);
        const data = error.response.data as Record<string, string[]> | undefined;
        if (!data) return;
        setErrors(
          Object.fromEntries(Object.entries(data).map(([k, v]) => [k, Array.isArray(v) ? v.join(' ') : String(v)])),
        );
      }),
  );

  return (
    <Modal opened={opened} onClose={onClose} title={t('message.title')} centered size="lg" data-testid="message-modal">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          {recipient ? (
            <TextInput label={t('message.recipient')} value={recipient.email} readOnly />
          ) : (
            <RecipientPicker value={userId} onChange={setUserId} error={errors.user_id} />
          )}
          <TextInput
            label={t('message.subject')}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={errors.title}
            maxLength={120}
            required
            data-testid="message-title"
          />
          <Textarea
            label={t('message.body')}
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
            error={errors.body}
            autosize
            minRows={4}
            maxLength={2000}
            required
            data-testid="message-body"
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={sending} data-testid="message-send">
              {t('message.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
