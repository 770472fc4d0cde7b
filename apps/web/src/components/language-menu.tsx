import { LOCALES, type Locale, localeOf } from '@lombard/shared/locale';
import { Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLocale, currentLanguage } from '../lib/i18n/i18n';

/** Language options: it-IT and en-US, each labelled in its own language. */
export const LANGUAGE_LABELS: Record<Locale, string> = { 'it-IT': 'Italiano', 'en-US': 'English' };

interface Props {
  /** Called after the interface language changed, e.g. to save it on the server for a signed-in user. */
  onChange?: (locale: Locale) => void;
}

export function LanguageMenu({ onChange }: Props) {
  const { t } = useTranslation('common');
  const active = localeOf(currentLanguage());
  const code = active === 'it-IT' ? 'IT' : 'EN';
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconLanguage size={16} stroke={1.6} />}
          // WCAG 2.5.3: the accessible name contains the visible label.
          aria-label={`${t('language.choose')}, ${code}`}
          data-testid="language-menu"
        >
          {code}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LOCALES.map((locale) => (
          <Menu.Item
            key={locale}
            lang={localeOf(locale === 'it-IT' ? 'it' : 'en').slice(0, 2)}
            rightSection={locale === active ? <IconCheck size={14} /> : null}
            onClick={async () => {
              await changeLocale(locale);
              onChange?.(locale);
            }}
            data-testid={`language-${locale}`}
          >
            {LANGUAGE_LABELS[locale]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
