import type { ProductItem } from '@lombard/shared/schemas/products';
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RiskScale } from '../../../components/risk-scale';
import { formatMoney } from '../../../lib/format';
import { Performance, useFrequencyLabel, useLanguage } from '../product-format';

/** One product of the list: what it is, its risk, coupon, minimum and how it has done. */
export function ProductCard({ product }: { product: ProductItem }) {
  const { t } = useTranslation('products');
  const language = useLanguage();
  const frequency = useFrequencyLabel();
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component={Link}
      to={`${product.id}/`}
      data-testid="product-card"
      data-id={product.id}
      style={{ color: 'inherit', textDecoration: 'none' }}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Badge variant="light" radius="sm">
            {t(`category.${product.category}`, { defaultValue: product.category })}
          </Badge>
          {/* Light, not filled: white on teal does not reach the 4.5:1 contrast small text needs. */}
          <Badge color={product.on_sale ? 'teal' : 'gray'} variant={product.on_sale ? 'light' : 'outline'} radius="sm">
            {product.on_sale ? t('onSale') : t('notOnSale')}
          </Badge>
        </Group>
        <div>
          <Title order={2} fz="lg" lh={1.3}>
            {product.name}
          </Title>
          <Text size="xs" c="dimmed">
            {product.isin}
          </Text>
          <Text size="sm" c="dimmed" mt={6} lineClamp={2}>
            {product.summary}
          </Text>
        </div>
        <RiskScale value={product.risk_indicator} label={t('riskLabel', { value: product.risk_indicator })} />
        <SimpleGrid cols={2} spacing="xs" mt="auto">
          <div>
            <Text size="xs" c="dimmed">
              {t('fields.frequency')}
            </Text>
            <Text size="sm" fw={600}>
              {frequency(product.coupon_frequency)}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('fields.minInvestment')}
            </Text>
            <Text size="sm" fw={600}>
              {formatMoney(product.min_investment, language, { cents: false })}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('fields.ytd')}
            </Text>
            <Performance value={product.performance_ytd} size="sm" data-testid="product-ytd" />
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('fields.sinceLaunch')}
            </Text>
            <Performance value={product.performance_since_launch} size="sm" />
          </div>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
