// Record (or correct) one day's NAV: a past or present working day, a positive value with at most six
// decimals. The server says which it did; the list of latest NAVs follows.
import { type NavPoint, navRecordSchema } from '@lombard/shared/schemas/products';
import { Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber, todayIso } from '../../../lib/format';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useSingleFlight } from '../../../lib/forms/single-flight';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { http } from '../../../lib/http/client';
import { notifySuccess } from '../../../lib/notify';
import { resourceKeys } from '../../../lib/resource/queries';
import { useLanguage } from '../product-format';

export function AdminNavForm({ path, productId, recent }: { path: string; productId: number; recent: NavPoint[] }) {
  const { t } = useTranslation('products');
  const language = useLanguage();
  const client = useQueryClient();
  const form = useZodForm<{ date: string; nav: string }>(navRecordSchema, { date: todayIso(), nav: '' });
  const record = useMutation({
    mutationFn: async (body: { date: string; nav: string }) =>
      (await http.post<{ detail: string }>(`${path}${productId}/navs/`, body, { silent: [400] })).data,
    onSuccess: (answer) => {
      notifySuccess(answer.detail);
      form.setFieldValue('nav', '');
      return client.invalidateQueries({ queryKey: resourceKeys.all(path) });
    },
  });
  // One recording per press: a double-click's second submit comes before the button shows it is busy.
  const [send, sending] = useSingleFlight((values: { date: string; nav: string }) =>
    record.mutateAsync(values).catch((error: unknown) => applyServerErrors(form, ['date', 'nav'], error)),
  );
  const submit = form.onSubmit((values) => void send(values));
  return (
    <Stack gap="sm" data-testid="admin-nav-form">
      <Title order={3} fz="md">
        {t('admin.nav.title')}
      </Title>
      <form onSubmit={submit} noValidate>
        <Group align="flex-start" gap="sm">
          <TextInput label={t('admin.nav.date')} placeholder="YYYY-MM-DD" w={150} {...form.getInputProps('date')} />
          <TextInput
            label={t('admin.nav.value')}
            w={160}
            inputMode="decimal"
            {...form.getInputProps('nav')}
            data-testid="admin-nav-value"
          />
          <Button type="submit" mt={25} loading={sending} data-testid="admin-nav-save">
            {t('admin.nav.save')}
          </Button>
        </Group>
      </form>
      <Text size="xs" c="dimmed">
        {t('admin.nav.hint')}
      </Text>
      {recent.length > 0 && (
        <Table striped withTableBorder fz="sm" data-testid="admin-recent-navs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.nav.date')}</Table.Th>
              <Table.Th ta="right">{t('admin.nav.value')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {recent.map((point) => (
              <Table.Tr key={point.date}>
                <Table.Td>{formatDate(point.date, language)}</Table.Td>
                <Table.Td ta="right">{formatNumber(point.nav, language, 6)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
