// Mantine as the whole app and every island (lib/islands) use it: the same theme, the colour scheme in
// the theme cookie, and the theme's variables and classes from the stylesheet.
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { cookieColorSchemeManager } from './color-scheme-manager';
import { cssVariablesResolver, theme } from './theme';

const colorSchemeManager = cookieColorSchemeManager();

export function ThemeProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      // The theme's variables and classes are in the stylesheet (lib/theme/mantine-variables.gen.css), not
      // in a <style> repeated in every server-rendered page.
      withCssVariables={false}
      withGlobalClasses={false}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      {children}
    </MantineProvider>
  );
}
