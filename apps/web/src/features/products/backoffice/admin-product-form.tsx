// The operator's form for a product: every field of the shared write schema, checked as the API checks
// it (ISIN check digit, risk 1–7, frequency code, minimum below maximum, rates 0..1, loan-to-value up to
// 0.9, government-bond share 0–100 %), texts in both languages.
import { FREQUENCY_CODES } from '@lombard/shared/constants';
import { PRODUCT_CATEGORIES } from '@lombard/shared/product-catalogue';
import { type BackofficeProduct, type ProductWrite, productWriteSchema } from '@lombard/shared/schemas/products';
import {
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useSingleFlight } from '../../../lib/forms/single-flight';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { fieldPaths } from '../../../lib/forms/zod-form';
import { useFrequencyLabel } from '../product-format';

/** Form values: every field as the inputs hold it (text for decimals, '' for "none"). */
type Values = Record<string, unknown> & {
  name: string;
  isin: string;
  category: string;
  risk_indicator: number;
  coupon_frequency: string;
  coupon_rate: string;
  min_investment: string;
  max_investment: string;
  min_holding_days: number;
  capital_protection: string;
  entry_cost: string;
  annual_fee: string;
  maturity_date: string;
  loan_to_value: string;
  recommended_holding_years: number;
  on_sale: boolean;
  government_bond_share: string;
  translated_content: ProductWrite['translated_content'];
};

const EMPTY_TEXT = { summary: '', underlying: '', description: '' };

function initialValues(product: BackofficeProduct | null): Values {
  return {
    name: product?.name ?? '',
    isin: product?.isin ?? '',
    category: product?.category ?? 'bond',
    risk_indicator: product?.risk_indicator ?? 3,
    coupon_frequency: product?.coupon_frequency ?? '',
    coupon_rate: product?.coupon_rate ?? '',
    min_investment: product?.min_investment ?? '',
    max_investment: product?.max_investment ?? '',
    min_holding_days: product?.min_holding_days ?? 0,
    capital_protection: product?.capital_protection ?? '',
    entry_cost: product?.entry_cost ?? '0',
    annual_fee: product?.annual_fee ?? '0',
    maturity_date: product?.maturity_date ?? '',
    loan_to_value: product?.loan_to_value ?? '',
    recommended_holding_years: product?.recommended_holding_years ?? 5,
    on_sale: product?.on_sale ?? true,
    government_bond_share: product?.government_bond_share ?? '0',
    translated_content: product?.translated_content ?? { it: { ...EMPTY_TEXT }, en: { ...EMPTY_TEXT } },
  };
}

const OPTIONAL = ['coupon_frequency', 'coupon_rate', 'max_investment', 'capital_protection', 'maturity_date'];

/** The body the API reads: empty optional fields become null. */
export function toBody(values: Values): Values {
  const body: Values = { ...values };
  for (const key of OPTIONAL) if (body[key] === '') (body as Record<string, unknown>)[key] = null;
  return body;
}

interface Props {
  product: BackofficeProduct | null;
  saving: boolean;
  onSave(body: Record<string, unknown>): Promise<unknown>;
  onCancel(): void;
}

export function AdminProductForm({ product, saving, onSave, onCancel }: Props) {
  const { t } = useTranslation('products');
  const frequency = useFrequencyLabel();
  const form = useZodForm<Values>(productWriteSchema, initialValues(product), toBody);
  const text = (name: string) => form.getInputProps(name);
  // One save per press: a double-click's second submit would create the product twice.
  const [save] = useSingleFlight(async (values: Values) => {
    try {
      await onSave(values);
    } catch (error) {
      await applyServerErrors(form, fieldPaths(initialValues(null)), error);
    }
  });
  const submit = form.onSubmit((values) => void save(values));

  return (
    <form onSubmit={submit} noValidate data-testid="admin-product-form">
      <Stack gap="sm">
        <TextInput label={t('admin.fields.name')} required {...text('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="ISIN" required {...text('isin')} data-testid="admin-isin" />
          <Select
            label={t('admin.fields.category')}
            data={PRODUCT_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) }))}
            allowDeselect={false}
            {...text('category')}
            comboboxProps={{ withinPortal: true }}
          />
          <NumberInput label={t('fields.risk')} min={1} max={7} required {...text('risk_indicator')} />
          <NumberInput
            label={t('fields.recommendedHolding')}
            min={1}
            max={30}
            required
            {...text('recommended_holding_years')}
          />
          <Select
            label={t('fields.frequency')}
            data={[
              { value: '', label: t('frequency.none') },
              ...FREQUENCY_CODES.map((c) => ({ value: c, label: `${c} — ${frequency(c)}` })),
            ]}
            allowDeselect={false}
            {...text('coupon_frequency')}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput label={t('admin.fields.couponRate')} description={t('admin.rateHint')} {...text('coupon_rate')} />
          <TextInput label={t('fields.minInvestment')} required {...text('min_investment')} />
          <TextInput label={t('fields.maxInvestment')} {...text('max_investment')} />
          <TextInput label={t('fields.entryCost')} description={t('admin.rateHint')} required {...text('entry_cost')} />
          <TextInput label={t('fields.annualFee')} description={t('admin.rateHint')} required {...text('annual_fee')} />
          <TextInput
            label={t('fields.loanToValue')}
            description={t('admin.ltvHint')}
            required
            {...text('loan_to_value')}
            data-testid="admin-ltv"
          />
          <TextInput
            label={t('fields.capitalProtection')}
            description={t('admin.protectionHint')}
            {...text('capital_protection')}
          />
          <TextInput
            label={t('admin.fields.governmentBondShare')}
            description={t('admin.bondShareHint')}
            inputMode="decimal"
            required
            {...text('government_bond_share')}
            data-testid="admin-government-bond-share"
          />
          <NumberInput label={t('fields.minHolding')} min={0} max={3650} {...text('min_holding_days')} />
          <TextInput
            label={t('fields.maturity')}
            placeholder="YYYY-MM-DD"
            description={t('admin.dateHint')}
            {...text('maturity_date')}
          />
        </SimpleGrid>
        <Switch
          label={t('onSale')}
          {...form.getInputProps('on_sale', { type: 'checkbox' })}
          data-testid="admin-on-sale"
        />
        <Tabs defaultValue="it">
          <Tabs.List>
            <Tabs.Tab value="it">{t('admin.languages.it')}</Tabs.Tab>
            <Tabs.Tab value="en">{t('admin.languages.en')}</Tabs.Tab>
          </Tabs.List>
          {(['it', 'en'] as const).map((language) => (
            <Tabs.Panel key={language} value={language} pt="sm">
              <Stack gap="sm">
                <Textarea
                  label={t('admin.fields.summary')}
                  required
                  autosize
                  minRows={2}
                  {...text(`translated_content.${language}.summary`)}
                />
                <TextInput
                  label={t('admin.fields.underlying')}
                  required
                  {...text(`translated_content.${language}.underlying`)}
                />
                <Textarea
                  label={t('admin.fields.description')}
                  autosize
                  minRows={3}
                  {...text(`translated_content.${language}.description`)}
                />
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel}>
            {t('admin.cancel')}
          </Button>
          <Button type="submit" loading={saving} data-testid="admin-save">
            {t('admin.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
