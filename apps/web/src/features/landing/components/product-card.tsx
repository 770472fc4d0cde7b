// A partner-bank product as the public site shows it: name, risk indicator, coupon frequency
// (codes M, B, Q, H, Y, A), minimum investment, capital protection, maturity, performance YTD, and
// a way to sign up to invest.
import type { Language } from '@lombard/shared/locale';
import type { PublicProduct } from '@lombard/shared/schemas/products';
import { Badge, Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RiskScale } from '../../../components/risk-scale';
import { formatDate, formatMoney, formatPercent, formatPercentPoints } from '../../../lib/format';
import { LANDING_PATHS } from './site-links';

export const registerForProduct = (slug: string) => `${LANDING_PATHS.register}?product=${encodeURIComponent(slug)}`;

export function ProductCard({ product, language }: { product: PublicProduct; language: Language }) {
  const { t } = useTranslation('landing');
  const ytd = product.performance_ytd;
  const negative = ytd?.startsWith('-') ?? false;
  const facts = [
    {
      label: t('products.fields.coupon'),
      value: product.coupon_frequency
        ? t(`products.frequency.${product.coupon_frequency}`)
        : t('products.frequency.none'),
    },
    {
      label: t('products.fields.minInvestment'),
      value: formatMoney(product.min_investment, language, { cents: false }),
    },
    {
      label: t('products.fields.capitalProtection'),
      value: product.capital_protection
        ? formatPercentPoints(product.capital_protection, language)
        : t('products.noProtection'),
    },
    {
      label: t('products.fields.maturity'),
      value: product.maturity_date ? formatDate(product.maturity_date, language) : t('products.openEnded'),
    },
  ];
  return (
    <Card withBorder radius="lg" padding="lg" h="100%" data-testid="product-card" data-slug={product.slug}>
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Badge variant="light" radius="sm">
            {t(`products.category.${product.category}`, { defaultValue: product.category })}
          </Badge>
          {product.capital_protection && (
            // The hint is the browser's own tooltip: the percentage itself is among the card's figures
            // below, and a Mantine Tooltip would bring floating-ui into the home page's first interaction.
            <Badge
              color="teal.9"
              variant="filled"
              radius="sm"
              leftSection={<IconShieldCheck size={12} aria-hidden />}
              title={t('products.protectedHint')}
            >
              {t('products.protected')}
            </Badge>
          )}
        </Group>
        <div>
          <Title order={3} fz="lg" lh={1.3}>
            {product.name}
          </Title>
          <Text size="sm" c="dimmed" mt={6} lineClamp={3}>
            {product.summary}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb={6} style={{ letterSpacing: '0.04em' }}>
            {t('products.fields.risk')}
          </Text>
          <RiskScale
            value={product.risk_indicator}
            label={t('products.riskLabel', { value: product.risk_indicator })}
            testId="risk-indicator"
          />
        </div>
        <Box
          component="dl"
          m={0}
          style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', rowGap: 12, columnGap: 16 }}
        >
          {facts.map((fact) => (
            <div key={fact.label}>
              <Text component="dt" size="xs" c="dimmed">
                {fact.label}
              </Text>
              <Text component="dd" m={0} fw={600} size="sm">
                {fact.value}
              </Text>
            </div>
          ))}
        </Box>
        <Group
          justify="space-between"
          mt="auto"
          pt="xs"
          style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          <div>
            <Text size="xs" c="dimmed">
              {t('products.fields.ytd')}
            </Text>
            <Text
              fw={800}
              c={
                ytd === null
                  ? undefined
                  : negative
                    ? 'light-dark(var(--mantine-color-red-8), var(--mantine-color-red-4))'
                    : 'light-dark(var(--mantine-color-teal-9), var(--mantine-color-teal-4))'
              }
              data-testid="product-ytd"
            >
              {ytd === null ? '—' : `${negative ? '' : '+'}${formatPercent(ytd, language)}`}
            </Text>
          </div>
          <Button
            component={Link}
            to={registerForProduct(product.slug)}
            variant="light"
            rightSection={<IconArrowRight size={16} aria-hidden />}
            aria-label={t('products.investIn', { name: product.name })}
          >
            {t('products.invest')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
