// The rate schedules: each a set of amount bands with its nominal rate and the day it takes effect. The
// latest set whose day has come prices new quotes; an advance already requested keeps its own rate.
import { ratesInForce } from '@lombard/shared/schemas/settings';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AmountInput } from '../../../components/money/amount-input';
import { todayIso } from '../../../lib/format';
import type { useZodForm } from '../../../lib/forms/use-zod-form';
import type { SettingsFormValues } from './settings-form';

type Form = ReturnType<typeof useZodForm<SettingsFormValues>>;

function stateOf(validFrom: string, inForce: string, today: string) {
  if (validFrom === inForce) return { key: 'inForce', color: 'teal' } as const;
  if (validFrom > today) return { key: 'scheduled', color: 'blue' } as const;
  return { key: 'superseded', color: 'gray' } as const;
}

export function RateSchedulesFields({ form }: { form: Form }) {
  const { t } = useTranslation('backoffice');
  const today = todayIso();
  const schedules = form.values.rate_schedules;
  const inForce = ratesInForce(schedules, today).valid_from;
  const addSchedule = () => {
    const latest = [...schedules].sort((a, b) => b.valid_from.localeCompare(a.valid_from))[0];
    form.insertListItem('rate_schedules', {
      valid_from: '',
      bands: latest ? latest.bands.map((band) => ({ ...band })) : [{ from: '0.00', annual_rate: '' }],
    });
  };
  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        {t('settings.rates.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('settings.rates.hint')}
      </Text>
      {schedules.map((schedule, s) => {
        const state = stateOf(schedule.valid_from, inForce, today);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a schedule has no id until saved; its place is its identity here
          <Paper key={s} withBorder p="sm" data-testid={`settings-schedule-${s}`}>
            <Group justify="space-between" align="flex-end" mb="xs">
              <Group align="flex-end" gap="sm">
                <TextInput
                  label={t('settings.rates.validFrom')}
                  placeholder="YYYY-MM-DD"
                  w={160}
                  {...form.getInputProps(`rate_schedules.${s}.valid_from`)}
                />
                {schedule.valid_from && (
                  <Badge color={state.color} variant="light" mb={6}>
                    {t(`settings.rates.${state.key}`)}
                  </Badge>
                )}
              </Group>
              {schedules.length > 1 && (
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  onClick={() => form.removeListItem('rate_schedules', s)}
                >
                  {t('settings.rates.removeSchedule')}
                </Button>
              )}
            </Group>
            <Table withRowBorders={false} verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('settings.rates.from')}</Table.Th>
                  <Table.Th>{t('settings.rates.rate')}</Table.Th>
                  <Table.Th w={40}>
                    <VisuallyHidden>{t('settings.rates.removeBand')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {schedule.bands.map((_band, b) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: bands are ordered by amount; the row is its place
                  <Table.Tr key={b}>
                    <Table.Td>
                      <AmountInput
                        aria-label={t('settings.rates.from')}
                        {...form.getInputProps(`rate_schedules.${s}.bands.${b}.from`)}
                        value={schedule.bands[b]!.from}
                        onChange={(value) => form.setFieldValue(`rate_schedules.${s}.bands.${b}.from`, value)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={t('settings.rates.rate')}
                        inputMode="decimal"
                        rightSection={<Text c="dimmed">%</Text>}
                        {...form.getInputProps(`rate_schedules.${s}.bands.${b}.annual_rate`)}
                      />
                    </Table.Td>
                    <Table.Td>
                      {schedule.bands.length > 1 && (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('settings.rates.removeBand')}
                          onClick={() => form.removeListItem(`rate_schedules.${s}.bands`, b)}
                        >
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {schedule.bands.length < 6 && (
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconPlus size={14} aria-hidden />}
                onClick={() => form.insertListItem(`rate_schedules.${s}.bands`, { from: '', annual_rate: '' })}
              >
                {t('settings.rates.addBand')}
              </Button>
            )}
          </Paper>
        );
      })}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={addSchedule}>
          {t('settings.rates.addSchedule')}
        </Button>
      </Group>
    </Stack>
  );
}
