import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { countriesQuery, provincesQuery } from './api';

/** Country and province options for selects, named in the interface language by the API. */
export function useReferenceData() {
  const { i18n } = useTranslation();
  const countries = useQuery(countriesQuery(i18n.language));
  const provinces = useQuery(provincesQuery(i18n.language));
  return {
    countries: (countries.data ?? []).map((c) => ({ value: c.code, label: c.name })),
    provinces: (provinces.data ?? []).map((p) => ({ value: p.code, label: `${p.name} (${p.code})` })),
    loading: countries.isPending || provinces.isPending,
  };
}
