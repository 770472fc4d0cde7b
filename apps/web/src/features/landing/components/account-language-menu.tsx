import { LanguageMenu } from '../../../components/language-menu';
import { useChangeLanguage } from '../../../lib/session/change-language';

/** A signed-in user's choice is saved with PATCH change-language, then user and menu reload. */
export function AccountLanguageMenu() {
  const changeLanguage = useChangeLanguage();
  return <LanguageMenu onChange={(locale) => changeLanguage.mutate(locale)} />;
}
