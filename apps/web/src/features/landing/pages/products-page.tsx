// Products: every product of the partner bank on sale, filterable by kind, with the keys to
// the risk scale and the coupon frequency codes.
import { FREQUENCY_CODES } from '@lombard/shared/constants';
import type { Language } from '@lombard/shared/locale';
import { Box, Container, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RiskScale } from '../../../components/risk-scale';
import { usePageMeta } from '../../../lib/page-meta';
import { PageHero } from '../components/page-hero';
import { ProductList } from './product-list';

const CATEGORIES = ['all', 'money_market', 'bond', 'balanced', 'equity'] as const;

export function ProductsPage() {
  const { t, i18n } = useTranslation('landing');
  const language: Language = i18n.language === 'en' ? 'en' : 'it';
  usePageMeta(t('productsPage.meta.title'), t('productsPage.meta.description'));
  const [category, setCategory] = useState<(typeof CATEGORIES)[number]>('all');
  return (
    <>
      <PageHero
        eyebrow={t('productsPage.hero.eyebrow')}
        title={t('productsPage.hero.title')}
        lead={t('productsPage.hero.lead')}
      />
      <Container size="lg" py={{ base: 40, sm: 64 }}>
        <Box mb="xl" style={{ overflowX: 'auto' }}>
          <SegmentedControl
            value={category}
            onChange={(value) => setCategory(value as typeof category)}
            data={CATEGORIES.map((value) => ({
              value,
              label: value === 'all' ? t('productsPage.all') : t(`products.category.${value}`),
            }))}
            aria-label={t('productsPage.filter')}
            data-testid="products-filter"
          />
        </Box>
        <ProductList language={language} filter={category === 'all' ? undefined : (p) => p.category === category} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" mt={48}>
          <Paper withBorder radius="lg" p="xl" component="section" aria-labelledby="risk-key-title">
            <Title order={2} fz="lg" id="risk-key-title">
              {t('productsPage.riskKey.title')}
            </Title>
            <Text size="sm" c="dimmed" mt={6} mb="md">
              {t('productsPage.riskKey.body')}
            </Text>
            <RiskScale value={4} label={t('products.riskLabel', { value: 4 })} testId="risk-indicator" />
          </Paper>
          <Paper withBorder radius="lg" p="xl" component="section" aria-labelledby="coupon-key-title">
            <Title order={2} fz="lg" id="coupon-key-title">
              {t('productsPage.couponKey.title')}
            </Title>
            <Stack gap={6} mt="sm" component="dl" m={0}>
              {FREQUENCY_CODES.map((code) => (
                <Box key={code} style={{ display: 'flex', gap: 12 }}>
                  <Text
                    component="dt"
                    fw={800}
                    w={24}
                    c="light-dark(var(--mantine-color-navy-7), var(--mantine-color-navy-2))"
                  >
                    {code}
                  </Text>
                  <Text component="dd" m={0} size="sm">
                    {t(`products.frequency.${code}`)}
                  </Text>
                </Box>
              ))}
            </Stack>
          </Paper>
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt="xl" maw={900}>
          {t('productsPage.disclaimer')}
        </Text>
      </Container>
    </>
  );
}
