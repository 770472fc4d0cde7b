// Company stock units as collateral: the customer's registered plans (waiting for verification, verified
// and pledgeable, or refused with the reason) and the form to register one with its plan document.
import {
  STOCK_PLAN_PRICE_SOURCES,
  type StockPlan,
  type StockPlanPriceSource,
  stockPlanRequestSchema,
} from '@lombard/shared/schemas/stock-plans';
import { Badge, Button, Group, Modal, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadField } from '../../components/upload-field';
import { formatMoney, formatPercent } from '../../lib/format';
import { applyServerErrors } from '../../lib/forms/server-errors';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { useLanguage } from '../../lib/i18n/use-language';
import { formatUnitPrice, formatUnits } from '../../lib/money/format-units';
import { notifySuccess } from '../../lib/notify';
import { useRegisterStockPlan } from './api';

const STATUS_COLOR = { submitted: 'blue', verified: 'teal', rejected: 'red' } as const;

function PlanCard({ plan }: { plan: StockPlan }) {
  const { t } = useTranslation('loan');
  const language = useLanguage();
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`stock-plan-${plan.id}`}>
      <Group justify="space-between" gap="xs">
        <div>
          <Text fw={700}>{plan.company}</Text>
          <Text size="xs" c="dimmed">
            {plan.plan_name}
          </Text>
        </div>
        <Badge variant="light" color={STATUS_COLOR[plan.status]}>
          {t(`plans.status.${plan.status}`)}
        </Badge>
      </Group>
      <Text size="sm" mt={6}>
        {t('plans.figures', {
          units: formatUnits(plan.vested_units, language),
          price: formatUnitPrice(plan.unit_price, language),
          value: formatMoney(plan.value, language),
          ltv: formatPercent(plan.loan_to_value, language),
        })}
      </Text>
      {plan.reason && (
        <Text size="sm" c="red" mt={4}>
          {t('plans.reason', { reason: plan.reason })}
        </Text>
      )}
    </Paper>
  );
}

interface PlanValues extends Record<string, unknown> {
  company_name: string;
  plan_name: string;
  vested_units: string;
  unit_price: string;
  price_source: StockPlanPriceSource;
}

const FIELDS = ['company_name', 'partner_id', 'plan_name', 'vested_units', 'unit_price', 'price_source', 'file'];

function RegisterForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation('loan');
  const register = useRegisterStockPlan();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
  const form = useZodForm<PlanValues>(stockPlanRequestSchema, {
    company_name: '',
    plan_name: '',
    vested_units: '',
    unit_price: '',
    price_source: 'market_close',
  });

  const submit = form.onSubmit((values) => {
    if (!file) {
      setFileError(t('plans.form.fileRequired'));
      return;
    }
    register.mutate(
      { values: { ...values, file }, onProgress: setProgress },
      {
        onSuccess: () => {
          notifySuccess(t('plans.form.done'));
          onDone();
        },
        onError: (error) => void applyServerErrors(form, FIELDS, error),
        onSettled: () => setProgress(null),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate data-testid="stock-plan-form">
      <Stack gap="sm">
        <TextInput
          label={t('plans.form.company')}
          description={t('plans.form.companyHint')}
          {...form.getInputProps('company_name')}
          data-testid="plan-company"
        />
        <TextInput label={t('plans.form.planName')} {...form.getInputProps('plan_name')} data-testid="plan-name" />
        <TextInput
          label={t('plans.form.vestedUnits')}
          inputMode="decimal"
          {...form.getInputProps('vested_units')}
          data-testid="plan-units"
        />
        <Group grow align="flex-start">
          <TextInput
            label={t('plans.form.unitPrice')}
            inputMode="decimal"
            {...form.getInputProps('unit_price')}
            data-testid="plan-price"
          />
          <Select
            label={t('plans.form.priceSource')}
            data={STOCK_PLAN_PRICE_SOURCES.map((value) => ({ value, label: t(`plans.sources.${value}`) }))}
            allowDeselect={false}
            {...form.getInputProps('price_source')}
            data-testid="plan-source"
          />
        </Group>
        <UploadField
          label={t('plans.form.document')}
          value={file}
          onChange={(next) => {
            setFile(next);
            setFileError(undefined);
          }}
          error={fileError}
          required
          progress={progress}
          testId="plan-document"
        />
        <Group justify="flex-end">
          <Button type="submit" loading={register.isPending} data-testid="plan-submit">
            {t('plans.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function StockPlans({ plans }: { plans: StockPlan[] }) {
  const { t } = useTranslation('loan');
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="sm" data-testid="stock-plans">
      <Group justify="space-between">
        <div>
          <Title order={2} fz="lg">
            {t('plans.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('plans.description')}
          </Text>
        </div>
        <Button variant="light" onClick={() => setOpen(true)} data-testid="register-plan">
          {t('plans.register')}
        </Button>
      </Group>
      {plans.map((plan) => (
        <PlanCard key={plan.id} plan={plan} />
      ))}
      <Modal opened={open} onClose={() => setOpen(false)} title={t('plans.form.title')} size="lg">
        <RegisterForm onDone={() => setOpen(false)} />
      </Modal>
    </Stack>
  );
}
