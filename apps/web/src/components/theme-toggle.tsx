import { ActionIcon, Box, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { startTransition } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Light/dark switch; the choice is remembered in the theme cookie by the color-scheme manager. Until
 * the app has read the system's setting (an effect), the icon follows the page's scheme through CSS,
 * so that a server-rendered page shows the right one and hydrates without a difference.
 */
export function ThemeToggle() {
  const { t } = useTranslation('common');
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true });
  // The saved choice is known on the server too (cookie); only "auto" waits for the effect.
  const current = colorScheme === 'auto' ? computed : colorScheme;
  const next = current === 'dark' ? 'light' : 'dark';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      // Mantine sets the page's scheme attribute at once, and the stylesheet repaints the page from it in
      // the next frame; React's own update of every component that reads the scheme follows as a
      // transition, which does not hold that frame (decision 033).
      onClick={() => startTransition(() => setColorScheme(next))}
      aria-label={t(next === 'dark' ? 'theme.toDark' : 'theme.toLight')}
      data-testid="theme-toggle"
      data-scheme={current}
    >
      <Box component="span" lightHidden lh={0}>
        <IconSun size={18} stroke={1.6} aria-hidden />
      </Box>
      <Box component="span" darkHidden lh={0}>
        <IconMoon size={18} stroke={1.6} aria-hidden />
      </Box>
    </ActionIcon>
  );
}
