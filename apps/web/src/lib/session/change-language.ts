// A signed-in user's language is saved on the server; then the user, the menu and the locale
// are reloaded. Used by the header language menu and by the settings screen.
import { type Locale, languageOf, localeOf } from '@lombard/shared/locale';
import type { ChangeLanguage } from '@lombard/shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http } from '../http/client';
import { changeLocale } from '../i18n/i18n';
import { notifySuccess } from '../notify';
import { sessionKeys } from './keys';

export const CHANGE_LANGUAGE_PATH = '/api/account/user/change-language/';

export function useChangeLanguage() {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation('navigation');
  return useMutation({
    mutationFn: async (locale: Locale) => {
      const { data } = await http.patch<ChangeLanguage>(CHANGE_LANGUAGE_PATH, { language: languageOf(locale) });
      return data;
    },
    onSuccess: async ({ language }) => {
      await changeLocale(localeOf(language));
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
      // i18n.t, not the hook's t: that one is bound to the language of the last render, the old one.
      notifySuccess(i18n.t('navigation:languageChanged'));
    },
  });
}
