import type { Language } from '@lombard/shared/locale';
import { useTranslation } from 'react-i18next';

/** The interface language of the i18next instance this component renders with (re-renders on a change). */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'it';
}
