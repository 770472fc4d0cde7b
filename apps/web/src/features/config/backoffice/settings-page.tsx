// The global settings an operator edits: the advance limits and payout promise, the rate schedules, the
// account customers pay into, the newsletter and social links. Saved together; every change is audited
// and served to customers at once (the public calculator's maximum and rates come from the same values).
import { LANGUAGES } from '@lombard/shared/locale';
import { operatorSettingsSchema, SOCIAL_NETWORKS } from '@lombard/shared/schemas/settings';
import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountInput } from '../../../components/money/amount-input';
import { PageLoader } from '../../../components/page-loader';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useSingleFlight } from '../../../lib/forms/single-flight';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { globalConfigQuery } from '../../../lib/global-config';
import { useLanguage } from '../../../lib/i18n/use-language';
import { notifySuccess } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { saveSettings, settingsQuery } from '../api';
import { RateSchedulesFields } from './rate-schedules-fields';
import { fieldPaths, type SettingsFormValues, toForm, toSettings } from './settings-form';
import { UsuryThresholdsFields } from './usury-thresholds-fields';

export function SettingsPage() {
  const { t } = useTranslation('backoffice');
  usePageMeta(t('sections.settings'));
  const language = useLanguage();
  const settings = useQuery(settingsQuery);
  // One form per language: the rates are written with the language's decimal separator.
  const initial = useMemo(() => (settings.data ? toForm(settings.data, language) : null), [settings.data, language]);
  if (!initial) return <PageLoader />;
  return <SettingsForm key={language} initial={initial} />;
}

function SettingsForm({ initial }: { initial: SettingsFormValues }) {
  const { t } = useTranslation('backoffice');
  const client = useQueryClient();
  const form = useZodForm<SettingsFormValues>(operatorSettingsSchema, initial, toSettings);
  // Reloaded settings (another operator's save) replace what this form started from.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new document from the server resets the form
  useEffect(() => {
    form.setInitialValues(initial);
    form.setValues(initial);
  }, [initial]);
  const [save, saving] = useSingleFlight(async (values: SettingsFormValues) => {
    try {
      const saved = await saveSettings(values as Parameters<typeof saveSettings>[0]);
      client.setQueryData(settingsQuery.queryKey, saved);
      await client.invalidateQueries({ queryKey: globalConfigQuery.queryKey });
      notifySuccess(t('settings.saved'));
    } catch (error) {
      await applyServerErrors(form, fieldPaths(form.values), error);
    }
  });
  const input = (path: string) => form.getInputProps(path);
  const amount = (path: 'minimum_advance_amount' | 'bank_maximum_advance_amount') => ({
    ...input(path),
    value: form.values[path],
    onChange: (value: string) => form.setFieldValue(path, value),
  });

  return (
    <form onSubmit={form.onSubmit((values) => void save(values))} noValidate data-testid="settings-page">
      <Stack gap="lg" maw={880}>
        <Text size="sm" c="dimmed">
          {t('settings.intro')}
        </Text>

        <Paper withBorder p="md">
          <Title order={3} fz="md" mb="sm">
            {t('settings.advances.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <AmountInput label={t('settings.advances.minimum')} {...amount('minimum_advance_amount')} />
            <AmountInput label={t('settings.advances.maximum')} {...amount('bank_maximum_advance_amount')} />
            <NumberInput
              label={t('settings.advances.payoutHours')}
              description={t('settings.advances.payoutHoursHint')}
              min={24}
              max={240}
              allowDecimal={false}
              {...input('advance_payout_hours')}
            />
            <TextInput
              label={t('settings.advances.warningRatio')}
              description={t('settings.advances.warningRatioHint')}
              inputMode="decimal"
              rightSection="%"
              {...input('margin_warning_ratio')}
            />
          </SimpleGrid>
        </Paper>

        <RateSchedulesFields form={form} />
        <UsuryThresholdsFields form={form} />

        <Paper withBorder p="md">
          <Title order={3} fz="md" mb="sm">
            {t('settings.bank.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('settings.bank.beneficiary')} {...input('partner_bank.beneficiary')} />
            <TextInput label={t('settings.bank.bankName')} {...input('partner_bank.bank_name')} />
            <TextInput label={t('settings.bank.iban')} autoComplete="off" {...input('partner_bank.iban')} />
            <TextInput label={t('settings.bank.bic')} autoComplete="off" {...input('partner_bank.bic')} />
          </SimpleGrid>
        </Paper>

        <Paper withBorder p="md">
          <Title order={3} fz="md" mb="sm">
            {t('settings.links.title')}
          </Title>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {LANGUAGES.map((language) => (
                <TextInput
                  key={language}
                  label={t('settings.links.newsletter', { language: t(`settings.languages.${language}`) })}
                  value={form.values.newsletter_settings[language]?.url ?? ''}
                  error={form.errors[`newsletter_settings.${language}.url`]}
                  onChange={(event) => {
                    const url = event.currentTarget.value;
                    const { [language]: _previous, ...others } = form.values.newsletter_settings;
                    form.setFieldValue('newsletter_settings', url ? { ...others, [language]: { url } } : others);
                  }}
                />
              ))}
            </SimpleGrid>
            {form.values.social_links.map((_link, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the links are an ordered list; the row is its place
              <Group key={index} align="flex-start" gap="sm" wrap="nowrap">
                <Select
                  aria-label={t('settings.links.network')}
                  w={{ base: 128, sm: 150 }}
                  allowDeselect={false}
                  data={SOCIAL_NETWORKS.map((network) => ({
                    value: network,
                    label: t(`settings.networks.${network}`),
                  }))}
                  {...input(`social_links.${index}.network`)}
                />
                <TextInput
                  aria-label={t('settings.links.url')}
                  placeholder="https://"
                  style={{ flex: 1, minWidth: 0 }}
                  {...input(`social_links.${index}.url`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={6}
                  aria-label={t('settings.links.remove')}
                  onClick={() => form.removeListItem('social_links', index)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            {form.values.social_links.length < SOCIAL_NETWORKS.length && (
              <Group>
                <Button
                  variant="subtle"
                  size="xs"
                  leftSection={<IconPlus size={14} aria-hidden />}
                  onClick={() =>
                    form.insertListItem('social_links', {
                      network:
                        SOCIAL_NETWORKS.find((n) => !form.values.social_links.some((l) => l.network === n)) ??
                        'linkedin',
                      url: '',
                    })
                  }
                >
                  {t('settings.links.add')}
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>

        <Group justify="flex-end">
          <Button
            type="submit"
            loading={saving}
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            data-testid="settings-save"
          >
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
