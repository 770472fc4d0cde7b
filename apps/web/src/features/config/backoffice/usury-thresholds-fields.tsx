// The usury thresholds, quarter by quarter and per category, as the Bank of Italy publishes them: the one
// of the latest quarter begun is in force; no price list whose APR would be above it can be saved, and no
// quote above it is offered (decision 037).
import { usuryCategorySchema } from '@lombard/shared/schemas/settings';
import { ActionIcon, Button, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { useZodForm } from '../../../lib/forms/use-zod-form';
import type { SettingsFormValues } from './settings-form';

type Form = ReturnType<typeof useZodForm<SettingsFormValues>>;

export function UsuryThresholdsFields({ form }: { form: Form }) {
  const { t } = useTranslation('backoffice');
  const thresholds = form.values.usury_thresholds;
  return (
    <Stack gap="sm" data-testid="settings-usury">
      <Title order={3} fz="md">
        {t('settings.usury.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('settings.usury.hint')}
      </Text>
      {thresholds.map((_item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a threshold has no id; its place is its identity here
        <Group key={index} gap="xs" align="flex-start" wrap="wrap">
          <NativeSelect
            label={t('settings.usury.category')}
            data={usuryCategorySchema.options.map((value) => ({
              value,
              label: t(`settings.usury.categories.${value}`),
            }))}
            style={{ flex: '2 1 220px' }}
            {...form.getInputProps(`usury_thresholds.${index}.category`)}
          />
          <TextInput
            label={t('settings.usury.quarter')}
            placeholder="2026-Q4"
            style={{ flex: '1 1 110px' }}
            {...form.getInputProps(`usury_thresholds.${index}.quarter`)}
          />
          <TextInput
            label={t('settings.usury.threshold')}
            inputMode="decimal"
            rightSection={<Text c="dimmed">%</Text>}
            style={{ flex: '1 1 110px' }}
            {...form.getInputProps(`usury_thresholds.${index}.threshold_apr`)}
          />
          {thresholds.length > 1 && (
            <ActionIcon
              variant="subtle"
              color="red"
              mt={28}
              aria-label={t('settings.usury.remove')}
              onClick={() => form.removeListItem('usury_thresholds', index)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() =>
            form.insertListItem('usury_thresholds', { category: 'other_loans', quarter: '', threshold_apr: '' })
          }
        >
          {t('settings.usury.add')}
        </Button>
      </Group>
    </Stack>
  );
}
