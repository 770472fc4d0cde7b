// product/{id}/invest/: how much and how to pay — from the cash balance (customers) or by bank transfer.
// "Continue" takes the values to confirm-order, which asks the server for the exact figures.
import { compareDecimal, investmentLimitBreach } from '@lombard/shared/money/product-figures';
import { type InvestRequest, investRequestSchema } from '@lombard/shared/schemas/transactions';
import { Alert, Button, Card, Group, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CompleteProfileNotice, useMayInvest } from '../../../components/complete-profile-notice';
import { AmountInput } from '../../../components/money/amount-input';
import { PageHeading } from '../../../components/page-heading';
import { formatMoney } from '../../../lib/format';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { usePageMeta } from '../../../lib/page-meta';
import { useActiveProfile } from '../../../lib/session/session-queries';
import { useLanguage } from '../product-format';
import { cashQuery, productDetailQuery } from './api';
import { orderSearch } from './order-params';
import { useProductId } from './product-detail-page';

const CASH_PROFILES = ['customer', 'admin'];

type Values = { amount: string; payment_method: InvestRequest['payment_method'] };

export function InvestPage() {
  const { t } = useTranslation('products');
  const language = useLanguage();
  const navigate = useNavigate();
  const id = useProductId();
  const profile = useActiveProfile();
  const mayUseCash = profile !== null && CASH_PROFILES.includes(profile);
  const mayInvest = useMayInvest();
  const { data: product, isPending } = useQuery(productDetailQuery(id, language));
  const cash = useQuery({ ...cashQuery, enabled: mayUseCash });
  usePageMeta(t('invest.title'));
  const form = useZodForm<Values>(investRequestSchema, {
    amount: '',
    payment_method: mayUseCash ? 'cash' : 'bank_transfer',
  });

  if (isPending || !product) return <Skeleton height={320} radius="lg" />;

  /** The product's limits and the cash available, said before the server has to refuse. */
  const limitError = (values: Values): string | null => {
    if (!/^\d+(\.\d{1,2})?$/.test(values.amount)) return null;
    const amount = values.amount;
    const breach = investmentLimitBreach(amount, {
      minimum: product.min_investment,
      maximum: product.max_investment,
    });
    if (breach === 'belowMinimum')
      return t('invest.belowMinimum', { amount: formatMoney(product.min_investment, language) });
    if (breach === 'aboveMaximum' && product.max_investment)
      return t('invest.aboveMaximum', { amount: formatMoney(product.max_investment, language) });
    if (values.payment_method === 'cash' && cash.data && compareDecimal(amount, cash.data.available) > 0)
      return t('invest.aboveCash', { amount: formatMoney(cash.data.available, language) });
    return null;
  };

  const submit = form.onSubmit((values) => {
    const problem = limitError(values);
    if (problem) {
      form.setFieldError('amount', problem);
      return;
    }
    void navigate(`../confirm-order/?${orderSearch(values)}`);
  });

  return (
    <Stack gap="lg" maw={640} data-testid="invest-page">
      <PageHeading
        title={t('invest.title')}
        description={t('invest.description', { name: product.name })}
        back={{ to: '..', label: product.name }}
      />
      <CompleteProfileNotice where="invest" />
      {!product.on_sale && <Alert color="gray">{t('detail.notOnSale')}</Alert>}
      <Card withBorder radius="lg" padding="lg" component="form" onSubmit={submit} noValidate>
        <Stack gap="md">
          <AmountInput
            label={t('invest.amount')}
            description={t('invest.limits', {
              min: formatMoney(product.min_investment, language),
              max: product.max_investment ? formatMoney(product.max_investment, language) : t('invest.noMaximum'),
            })}
            required
            data-testid="invest-amount"
            {...form.getInputProps('amount')}
            value={form.values.amount}
            onChange={(value) => form.setFieldValue('amount', value)}
          />
          <Radio.Group label={t('invest.method')} {...form.getInputProps('payment_method')}>
            <Stack gap="xs" mt="xs">
              {mayUseCash && (
                <Radio
                  value="cash"
                  data-testid="method-cash"
                  label={t('invest.methods.cash')}
                  description={
                    cash.data
                      ? t('invest.cashAvailable', { amount: formatMoney(cash.data.available, language) })
                      : undefined
                  }
                />
              )}
              <Radio
                value="bank_transfer"
                data-testid="method-transfer"
                label={t('invest.methods.bank_transfer')}
                description={t('invest.transferHint')}
              />
            </Stack>
          </Radio.Group>
          <Text size="xs" c="dimmed">
            {t('invest.next')}
          </Text>
          <Group justify="flex-end">
            <Button type="submit" disabled={!product.on_sale || !mayInvest} data-testid="invest-continue">
              {t('invest.continue')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
