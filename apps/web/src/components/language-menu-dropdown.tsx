// The language menu once it is used (components/language-menu.tsx): opened as it mounts.
import { LOCALES, type Locale, localeOf } from '@lombard/shared/locale';
import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { changeLocale } from '../lib/i18n/i18n';
import type { RenderTrigger } from '../lib/on-demand';
import { LANGUAGE_LABELS } from './language-labels';
import type { LanguageChoice } from './language-menu';

export function LanguageMenuDropdown({
  active,
  onChange,
  trigger,
}: LanguageChoice & { active: Locale; trigger: RenderTrigger }) {
  return (
    // In place rather than in a portal: inside the navbar drawer, a native popover in the top layer
    // (mobile-drawer.tsx), a dropdown appended to the body would open beneath it.
    <Menu position="bottom-end" withinPortal={false} defaultOpened>
      <Menu.Target>{trigger({})}</Menu.Target>
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
