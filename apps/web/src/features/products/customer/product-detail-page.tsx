// product/{id}/: everything about one fund — NAV and its history, costs with an example, terms, the KID,
// and the ways in: invest (an approved profile is needed) and disinvest (for whoever holds units).

import { COST_EXAMPLE_AMOUNT, exampleCosts } from '@lombard/shared/money/product-figures';
import { INVESTOR_PROFILES } from '@lombard/shared/permissions';
import type { ProductDetail } from '@lombard/shared/schemas/products';
import type { Position } from '@lombard/shared/schemas/wallet';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { RiskScale } from '../../../components/risk-scale';
import { formatDate, formatMoney, formatPercent, formatPercentPoints } from '../../../lib/format';
import { formatUnitPrice } from '../../../lib/money/format-units';
import { usePageMeta } from '../../../lib/page-meta';
import { downloadFile } from '../../../lib/resource/download';
import { useActiveProfile } from '../../../lib/session/session-queries';
import { Performance, useFrequencyLabel, useLanguage } from '../product-format';
import { productDetailQuery, walletQuery } from './api';
import { NavChartCard } from './nav-chart-card';

export function useProductId(): number {
  const { id } = useParams();
  return Number(id);
}

function Facts({ items }: { items: Array<{ label: string; value: ReactNode }> }) {
  return (
    <Box component="dl" m={0} style={{ display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 10, columnGap: 16 }}>
      {items.map((item) => (
        <Box key={item.label} style={{ display: 'contents' }}>
          <Text component="dt" size="sm" c="dimmed">
            {item.label}
          </Text>
          <Text component="dd" m={0} size="sm" fw={600} ta="right">
            {item.value}
          </Text>
        </Box>
      ))}
    </Box>
  );
}

function CostsCard({ product }: { product: ProductDetail }) {
  const { t } = useTranslation('products');
  const language = useLanguage();
  const costs = exampleCosts(product.entry_cost, product.annual_fee);
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="costs-card">
      <Title order={2} fz="lg" mb="sm">
        {t('detail.costs.title')}
      </Title>
      <Facts
        items={[
          { label: t('fields.entryCost'), value: formatPercent(product.entry_cost, language) },
          { label: t('fields.annualFee'), value: formatPercent(product.annual_fee, language) },
        ]}
      />
      <Text size="sm" mt="md" data-testid="costs-example">
        {t('detail.costs.example', {
          amount: formatMoney(COST_EXAMPLE_AMOUNT, language, { cents: false }),
          entry: formatMoney(costs.entry, language),
          invested: formatMoney(costs.invested, language),
          fee: formatMoney(costs.yearlyFee, language),
        })}
      </Text>
    </Card>
  );
}

function TermsCard({ product }: { product: ProductDetail }) {
  const { t } = useTranslation('products');
  const language = useLanguage();
  const frequency = useFrequencyLabel();
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="terms-card">
      <Title order={2} fz="lg" mb="sm">
        {t('detail.terms.title')}
      </Title>
      <Facts
        items={[
          { label: t('fields.minInvestment'), value: formatMoney(product.min_investment, language) },
          {
            label: t('fields.maxInvestment'),
            value: product.max_investment ? formatMoney(product.max_investment, language) : t('detail.terms.noMaximum'),
          },
          {
            label: t('fields.minHolding'),
            value:
              product.min_holding_days > 0
                ? t('detail.terms.days', { count: product.min_holding_days })
                : t('detail.terms.noMinimumHolding'),
          },
          {
            label: t('detail.terms.recommendedHolding'),
            value: t('detail.terms.years', { count: product.recommended_holding_years }),
          },
          {
            label: t('fields.maturity'),
            value: product.maturity_date ? formatDate(product.maturity_date, language) : t('detail.terms.openEnded'),
          },
          {
            label: t('fields.frequency'),
            value: product.coupon_rate
              ? `${frequency(product.coupon_frequency)} · ${formatPercent(product.coupon_rate, language)}`
              : frequency(product.coupon_frequency),
          },
          {
            label: t('fields.capitalProtection'),
            value: product.capital_protection
              ? formatPercentPoints(product.capital_protection, language)
              : t('detail.terms.notProtected'),
          },
          { label: t('fields.loanToValue'), value: formatPercent(product.loan_to_value, language, 0) },
        ]}
      />
    </Card>
  );
}

function Actions({ product, position }: { product: ProductDetail; position: Position | null }) {
  const { t } = useTranslation('products');
  const profile = useActiveProfile();
  const approved = profile !== null && INVESTOR_PROFILES.includes(profile);
  return (
    <Stack gap="xs" data-testid="product-actions">
      <Group gap="sm">
        {approved && product.on_sale && (
          <Button component={Link} to="invest/" data-testid="invest-button">
            {t('detail.invest')}
          </Button>
        )}
        {!approved && (
          <Button disabled data-testid="invest-button">
            {t('detail.invest')}
          </Button>
        )}
        {approved && position && (
          <Button component={Link} to="disinvest/" variant="default" data-testid="disinvest-button">
            {t('detail.disinvest')}
          </Button>
        )}
      </Group>
      {!approved && (
        <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />} data-testid="approval-needed">
          {t('detail.approvalNeeded')}{' '}
          <Anchor component={Link} to="/customer/profile/">
            {t('detail.completeProfile')}
          </Anchor>
        </Alert>
      )}
      {approved && !product.on_sale && (
        <Alert color="gray" data-testid="not-on-sale">
          {t('detail.notOnSale')}
        </Alert>
      )}
    </Stack>
  );
}

export function ProductDetailPage() {
  const { t } = useTranslation('products');
  const language = useLanguage();
  const id = useProductId();
  const profile = useActiveProfile();
  const { data: product, isPending, isError } = useQuery(productDetailQuery(id, language));
  const holder = profile !== null && INVESTOR_PROFILES.includes(profile);
  const wallet = useQuery({ ...walletQuery, enabled: holder });
  usePageMeta(product?.name ?? t('detail.title'));
  const back = { to: '/customer/product/', label: t('detail.back') };

  if (isError) return <Alert color="red">{t('detail.error')}</Alert>;
  if (isPending) return <Skeleton height={420} radius="lg" />;

  const position = wallet.data?.positions.find((p) => p.product.id === product.id) ?? null;
  return (
    <Stack gap="lg" data-testid="product-detail">
      <PageHeading title={product.name} description={product.summary} back={back} />
      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between" align="flex-start" gap="lg">
          <Stack gap={6}>
            <Group gap="xs">
              <Badge variant="light">{t(`category.${product.category}`, { defaultValue: product.category })}</Badge>
              <Text size="sm" c="dimmed" data-testid="product-isin">
                ISIN {product.isin}
              </Text>
            </Group>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {t('fields.risk')}
            </Text>
            <RiskScale
              value={product.risk_indicator}
              label={t('riskLabel', { value: product.risk_indicator })}
              size={26}
            />
          </Stack>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="lg">
            <div>
              <Text size="xs" c="dimmed">
                {t('fields.nav')}
              </Text>
              <Text fw={800} fz="xl" data-testid="product-nav">
                {/* In euro, as the portfolio writes it. */}
                {product.nav ? formatUnitPrice(product.nav, language) : '—'}
              </Text>
              {product.nav_date && (
                <Text size="xs" c="dimmed">
                  {t('detail.navOn', { date: formatDate(product.nav_date, language) })}
                </Text>
              )}
            </div>
            <div>
              <Text size="xs" c="dimmed">
                {t('fields.ytd')}
              </Text>
              <Performance value={product.performance_ytd} fz="xl" />
            </div>
            <div>
              <Text size="xs" c="dimmed">
                {t('fields.sinceLaunch')}
              </Text>
              <Performance value={product.performance_since_launch} fz="xl" />
            </div>
          </SimpleGrid>
        </Group>
        <Box mt="lg">
          <Actions product={product} position={position} />
        </Box>
      </Card>
      <NavChartCard productId={product.id} />
      {product.description && (
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} fz="lg" mb="xs">
            {t('detail.about')}
          </Title>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {product.description}
          </Text>
          <Text size="sm" c="dimmed" mt="xs">
            {t('detail.underlying', { underlying: product.underlying })}
          </Text>
        </Card>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <CostsCard product={product} />
        <TermsCard product={product} />
      </SimpleGrid>
      <Card withBorder radius="lg" padding="lg" data-testid="kid-card">
        <Title order={2} fz="lg" mb={4}>
          {t('detail.kid.title')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('detail.kid.description')}
        </Text>
        <Group gap="sm">
          {product.documents.map((document) => (
            <Button
              key={document.url}
              variant={document.language === language ? 'light' : 'subtle'}
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => void downloadFile(document.url, `KID-${product.isin}-${document.language}.pdf`)}
              data-testid={`kid-${document.language}`}
              // The titles are long ("Key information document (English)"): on a phone they wrap, not cut.
              h="auto"
              mih={36}
              py={6}
              maw="100%"
              styles={{ label: { whiteSpace: 'normal', textAlign: 'left', lineHeight: 1.35 } }}
            >
              {document.title}
            </Button>
          ))}
        </Group>
      </Card>
    </Stack>
  );
}
