import { type Locale, localeOf } from '@lombard/shared/locale';
import { Button } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../lib/i18n/i18n';
import { onDemand } from '../lib/on-demand';

export interface LanguageChoice {
  /** Called after the interface language changed, e.g. to save it on the server for a signed-in user. */
  onChange?: (locale: Locale) => void;
}

const LanguageMenuDropdown = onDemand<LanguageChoice & { active: Locale }>('menu', () =>
  import('./language-menu-dropdown').then((m) => m.LanguageMenuDropdown),
);

/** The language button; its menu (Italiano, English) loads on first use. */
export function LanguageMenu({ onChange }: LanguageChoice) {
  const { t } = useTranslation('common');
  const active = localeOf(currentLanguage());
  const code = active === 'it-IT' ? 'IT' : 'EN';
  return (
    <LanguageMenuDropdown
      active={active}
      onChange={onChange}
      trigger={(props) => (
        <Button
          variant="default"
          leftSection={<IconLanguage size={16} stroke={1.6} />}
          // WCAG 2.5.3: the accessible name contains the visible label.
          aria-label={`${t('language.choose')}, ${code}`}
          data-testid="language-menu"
          {...props}
        >
          {code}
        </Button>
      )}
    />
  );
}
