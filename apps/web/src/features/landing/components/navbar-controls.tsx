// The language dropdown and the theme switch. A signed-in user's language is also saved on the server.
import { Group } from '@mantine/core';
import { Suspense } from 'react';
import { LanguageMenu } from '../../../components/language-menu';
import { ThemeToggle } from '../../../components/theme-toggle';
import { lazyComponent } from '../../../lib/lazy-component';

const AccountLanguageMenu = lazyComponent('account-language-menu', () =>
  import('./account-language-menu').then((m) => m.AccountLanguageMenu),
);

export function LanguageControl({ signedIn }: { signedIn: boolean }) {
  if (!signedIn) return <LanguageMenu />;
  return (
    <Suspense fallback={<LanguageMenu />}>
      <AccountLanguageMenu />
    </Suspense>
  );
}

export function NavbarControls({ signedIn }: { signedIn: boolean }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <LanguageControl signedIn={signedIn} />
      <ThemeToggle />
    </Group>
  );
}
