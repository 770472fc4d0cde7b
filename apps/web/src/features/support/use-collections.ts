import type { Language } from '@lombard/shared/locale';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { supportCollectionsQuery } from './api';
import { localiseCollections } from './localise';

/** The help centre in the interface language; the route loader has already fetched it. */
export function useLocalisedCollections() {
  const { i18n } = useTranslation('support');
  const language: Language = i18n.language === 'en' ? 'en' : 'it';
  const { data } = useSuspenseQuery(supportCollectionsQuery);
  const collections = useMemo(() => localiseCollections(data.data, language), [data, language]);
  return { collections, language };
}
