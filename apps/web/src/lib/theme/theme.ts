import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

// Lombard navy: a deep, trustworthy blue; 6 is the primary shade in light mode.
const navy: MantineColorsTuple = [
  '#e8f0ff',
  '#cfdcfa',
  '#9db6f0',
  '#6a8ee8',
  '#416de1',
  '#2858dd',
  '#194ddc',
  '#0b3d91',
  '#083578',
  '#032c63',
];

export const theme = createTheme({
  primaryColor: 'navy',
  primaryShade: { light: 7, dark: 4 },
  colors: { navy },
  // System fonts: no font files to download, nothing fetched from another origin.
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
});

/**
 * Mantine derives the dark-mode "light" variant (active nav item, avatars, info alerts) from the darkest
 * shade, which for navy is near-black on the dark background. Use a translucent brighter navy instead.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {},
  dark: {
    '--mantine-color-navy-light': 'rgba(65, 109, 225, 0.22)',
    '--mantine-color-navy-light-hover': 'rgba(65, 109, 225, 0.30)',
    '--mantine-color-navy-light-color': '#c4d4fb',
  },
});
