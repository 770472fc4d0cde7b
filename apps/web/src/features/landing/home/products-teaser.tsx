import type { Language } from '@lombard/shared/locale';
import { Alert, SimpleGrid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { publicProductsQuery } from '../api';
import { ProductCard } from '../components/product-card';

/** Three products of the partner bank, a first look at the investment opportunities. */
export function ProductsTeaser() {
  const { t, i18n } = useTranslation('landing');
  const language: Language = i18n.language === 'en' ? 'en' : 'it';
  const { data, isError } = useQuery(publicProductsQuery(language));
  if (isError) return <Alert color="gray">{t('products.unavailable')}</Alert>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" data-testid="products-teaser">
      {(data?.results ?? []).slice(0, 3).map((product) => (
        <ProductCard key={product.id} product={product} language={language} />
      ))}
    </SimpleGrid>
  );
}
