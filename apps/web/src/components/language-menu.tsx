// The language button and its choices (Italiano, English). The choices are a native popover that the
// button opens through `popovertarget`: the browser opens it at the first tap, before the page's code has
// run and while a phone is busy hydrating, and closes it with Escape or a tap outside, the focus going
// back to the button (decision 033). A choice pressed before hydration is held and replayed as any button.
import { LOCALES, type Locale, localeOf } from '@lombard/shared/locale';
import { Button } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { type CSSProperties, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, currentLanguage } from '../lib/i18n/i18n';
import { LANGUAGE_LABELS } from './language-labels';
import classes from './language-menu.module.css';

export interface LanguageChoice {
  /** Called after the interface language changed, e.g. to save it on the server for a signed-in user. */
  onChange?: (locale: Locale) => void;
}

export function LanguageMenu({ onChange }: LanguageChoice) {
  const { t } = useTranslation('common');
  const active = localeOf(currentLanguage());
  const code = active === 'it-IT' ? 'IT' : 'EN';
  // The same id on the server and in the browser; an anchor name takes letters, digits and dashes only.
  const id = `language-${useId().replace(/[^a-zA-Z0-9-]/g, '')}`;
  const menu = useRef<HTMLDivElement>(null);
  const anchor = { '--language-anchor': `--${id}` } as CSSProperties;
  const choose = async (locale: Locale) => {
    if (menu.current?.matches(':popover-open')) menu.current.hidePopover();
    if (locale === active) return;
    await changeLocale(locale);
    onChange?.(locale);
  };
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconLanguage size={16} stroke={1.6} aria-hidden />}
        popoverTarget={id}
        aria-controls={id}
        // WCAG 2.5.3: the accessible name contains the visible label.
        aria-label={`${t('language.choose')}, ${code}`}
        className={classes.trigger}
        style={anchor}
        data-testid="language-menu"
      >
        {code}
      </Button>
      <div ref={menu} id={id} popover="auto" className={classes.menu} style={anchor}>
        {LOCALES.map((locale) => (
          <button
            key={locale}
            type="button"
            className={classes.item}
            lang={locale.slice(0, 2)}
            aria-pressed={locale === active}
            onClick={() => choose(locale)}
            data-testid={`language-${locale}`}
          >
            {LANGUAGE_LABELS[locale]}
            {locale === active ? <IconCheck size={14} aria-hidden /> : null}
          </button>
        ))}
      </div>
    </>
  );
}
