// The footer's two buttons: the cookie preferences and back to the top. An island of the public pages
// (lib/islands).
import { Anchor, Button, Group } from '@mantine/core';
import { IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { openCookiePreferences } from '../../../lib/consent';
import { scrollToTop } from './scroll-to-top';

export function FooterActions() {
  const { t } = useTranslation('landing');
  return (
    <Group gap="md">
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={openCookiePreferences}
        data-testid="footer-cookie-preferences"
      >
        {t('footer.cookiePreferences')}
      </Anchor>
      <Button
        variant="default"
        radius="xl"
        leftSection={<IconArrowUp size={16} aria-hidden />}
        onClick={() => void scrollToTop()}
        data-testid="footer-go-to-top"
      >
        {t('footer.goToTop')}
      </Button>
    </Group>
  );
}
