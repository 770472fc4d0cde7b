import { useTranslation } from 'react-i18next';
import { type CellType, formatCell } from './format';
import { TruncatedText } from './truncated-text';

/** A value formatted for its type in the interface language; text cut at 40 characters. */
export function Cell({ type = 'text', value }: { type?: CellType; value: unknown }) {
  const { t, i18n } = useTranslation('resource');
  const language = i18n.language === 'en' ? 'en' : 'it';
  const text = formatCell(type, value, language, { yes: t('yes'), no: t('no') });
  return type === 'text' ? <TruncatedText text={text} /> : <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;
}
