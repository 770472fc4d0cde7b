// Company stock units as collateral: the customer's registered plans (waiting for verification, verified
// and pledgeable at the share's price on record, or refused with the reason) and the form to register one with its plan document. The
// employer is a partner company picked from the list (sent by id) or another listed company typed by name.
import { type StockPlan, type StockPlanRequest, stockPlanRequestSchema } from '@lombard/shared/schemas/stock-plans';
import { STOCK_PLAN_PRICE_SOURCES, type StockPlanPriceSource } from '@lombard/shared/stock-plan-kinds';
import { Badge, Button, Group, Modal, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmployerField } from '../../../components/employer-field';
import { UploadField } from '../../../components/upload-field';
import { formatDate, formatMoney, formatPercent } from '../../../lib/format';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { useLanguage } from '../../../lib/i18n/use-language';
import { formatUnitPrice, formatUnits } from '../../../lib/money/format-units';
import { notifySuccess } from '../../../lib/notify';
import { employersQuery } from '../../../lib/profile/profile-query';
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
          value: formatMoney(plan.value, language),
          ltv: formatPercent(plan.loan_to_value, language),
        })}
      </Text>
      {/* The price the shares are valued at: the one on record with its day once verified (decision 046). */}
      <Text size="sm" c="dimmed" mt={2} data-testid={`stock-plan-price-${plan.id}`}>
        {plan.price_date
          ? t('plans.priceOn', {
              price: formatUnitPrice(plan.unit_price, language),
              date: formatDate(plan.price_date, language),
              source: t(`plans.sources.${plan.price_source}`),
            })
          : t('plans.priceDeclared', {
              price: formatUnitPrice(plan.unit_price, language),
              source: t(`plans.sources.${plan.price_source}`),
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
  /** The employer as shown in the field: a partner's name or the company the customer typed. */
  company_name?: string;
  /** Set when the name is a partner company's: then only the id is sent. */
  partner_id?: number | null;
  plan_name: string;
  vested_units: string;
  unit_price: string;
  price_source: StockPlanPriceSource;
}

const FIELDS = ['company_name', 'partner_id', 'plan_name', 'vested_units', 'unit_price', 'price_source', 'file'];

/** The body the schema judges: a partner by id, or another company by name, never both. */
const employerBody = (values: PlanValues): PlanValues => {
  const { partner_id, company_name, ...rest } = values;
  return partner_id ? { ...rest, partner_id } : { ...rest, company_name };
};

export interface PartnerChoice {
  id: number;
  name: string;
}

function RegisterForm({ onDone, partner }: { onDone(): void; partner: PartnerChoice | null }) {
  const { t } = useTranslation('loan');
  const register = useRegisterStockPlan();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
  const form = useZodForm<PlanValues>(
    stockPlanRequestSchema,
    {
      company_name: partner?.name ?? '',
      partner_id: partner?.id ?? null,
      plan_name: '',
      vested_units: '',
      unit_price: '',
      price_source: 'market_close',
    },
    employerBody,
  );

  const submit = form.onSubmit((values) => {
    if (!file) {
      setFileError(t('plans.form.fileRequired'));
      return;
    }
    register.mutate(
      { values: { ...(values as StockPlanRequest), file }, onProgress: setProgress },
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
        <EmployerField
          label={t('plans.form.company')}
          description={t('plans.form.companyHint')}
          {...form.getInputProps('company_name')}
          value={form.getValues().company_name ?? ''}
          onChange={(name, partnerId) => {
            form.setFieldValue('company_name', name);
            form.setFieldValue('partner_id', partnerId);
          }}
          data-testid="plan-company"
        />
        <TextInput label={t('plans.form.planName')} {...form.getInputProps('plan_name')} data-testid="plan-name" />
        <TextInput
          label={t('plans.form.vestedUnits')}
          inputMode="decimal"
          {...form.getInputProps('vested_units')}
          data-testid="plan-units"
        />
        {/* Side by side from xs up; on a phone the Italian label wrapped and the price source was cut off. */}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
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
        </SimpleGrid>
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

/**
 * `?partner=<slug or id>` (from a partner's landing page) opens the registration with that partner picked,
 * once the partner list has arrived; an unknown partner opens it empty.
 */
function usePartnerFromLink(): { wanted: boolean; partner: PartnerChoice | null; ready: boolean } {
  const [params] = useSearchParams();
  const wanted = params.get('partner');
  const employers = useQuery({ ...employersQuery(), enabled: wanted !== null }).data;
  const found = wanted && employers?.find((employer) => employer.slug === wanted || String(employer.id) === wanted);
  return {
    wanted: wanted !== null,
    partner: found ? { id: found.id, name: found.name } : null,
    ready: wanted === null || employers !== undefined,
  };
}

export function StockPlans({ plans }: { plans: StockPlan[] }) {
  const { t } = useTranslation('loan');
  const link = usePartnerFromLink();
  const [open, setOpen] = useState(link.wanted);
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
        {link.ready && <RegisterForm partner={link.partner} onDone={() => setOpen(false)} />}
      </Modal>
    </Stack>
  );
}
