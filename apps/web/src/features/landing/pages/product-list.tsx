import type { Language } from '@lombard/shared/locale';
import type { PublicProduct } from '@lombard/shared/schemas/products';
import { Alert, SimpleGrid, Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { publicProductsQuery } from '../api';
import { ProductCard } from '../components/product-card';

interface Props {
  language: Language;
  filter?: (product: PublicProduct) => boolean;
  limit?: number;
}

/** The partner bank's products as cards, from the public product endpoint. */
export function ProductList({ language, filter, limit }: Props) {
  const { t } = useTranslation('landing');
  const { data, isPending, isError } = useQuery(publicProductsQuery(language));
  if (isError) return <Alert color="gray">{t('products.unavailable')}</Alert>;
  if (isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} height={440} radius="lg" />
        ))}
      </SimpleGrid>
    );
  }
  const products = data.results.filter(filter ?? (() => true)).slice(0, limit);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" data-testid="product-list">
      {products.map((product) => (
        <ProductCard key={product.id} product={product} language={language} />
      ))}
    </SimpleGrid>
  );
}
