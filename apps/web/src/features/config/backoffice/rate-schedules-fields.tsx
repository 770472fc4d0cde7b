// The rate schedules: each a set of amount bands with its nominal rate and the day it takes effect. The
// latest set whose day has come prices new quotes; an advance already requested keeps its own rate.
import { ratesInForce } from '@lombard/shared/schemas/settings';
import { ActionIcon, Badge, Box, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
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
            <Group gap="xs" wrap="nowrap" aria-hidden>
              <Text size="sm" fw={600} style={{ flex: 3 }}>
                {t('settings.rates.from')}
              </Text>
              <Text size="sm" fw={600} style={{ flex: 2 }}>
                {t('settings.rates.rate')}
              </Text>
              <Box w={28} />
            </Group>
            <Stack gap={6} mt={4}>
              {schedule.bands.map((_band, b) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: bands are ordered by amount; the row is its place
                <Group key={b} gap="xs" wrap="nowrap" align="flex-start">
                  <AmountInput
                    aria-label={t('settings.rates.from')}
                    style={{ flex: 3, minWidth: 0 }}
                    {...form.getInputProps(`rate_schedules.${s}.bands.${b}.from`)}
                    value={schedule.bands[b]!.from}
                    onChange={(value) => form.setFieldValue(`rate_schedules.${s}.bands.${b}.from`, value)}
                  />
                  <TextInput
                    aria-label={t('settings.rates.rate')}
                    inputMode="decimal"
                    style={{ flex: 2, minWidth: 0 }}
                    rightSection={<Text c="dimmed">%</Text>}
                    {...form.getInputProps(`rate_schedules.${s}.bands.${b}.annual_rate`)}
                  />
                  <Box w={28} pt={4}>
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
                  </Box>
                </Group>
              ))}
            </Stack>
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
