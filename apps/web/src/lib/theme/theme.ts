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

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => {
    const channel = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `hex` darkened in 5 % steps until it reads at 4.5:1 (WCAG AA, small text) or better on `background`. */
export function readableOn(hex: string, background: string): string {
  for (let step = 0; step <= 20; step++) {
    const factor = 1 - step / 20;
    const darker = `#${[1, 3, 5]
      .map((i) =>
        Math.round(Number.parseInt(hex.slice(i, i + 2), 16) * factor)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
    if (contrastRatio(darker, background) >= 4.5) return darker;
  }
  return '#000000';
}

/** Shade 4, or the first lighter shade that reads at 4.5:1 on `background`. */
function lightestNeeded(shades: readonly string[], background: string): string {
  for (let shade = 4; shade >= 0; shade--) {
    if (contrastRatio(shades[shade]!, background) >= 4.5) return shades[shade]!;
  }
  return shades[0]!;
}

/** The filled red's background and hover: the first shade white text reads on at 4.5:1, and the next. */
function filledDanger(shades: readonly string[]): Record<string, string> {
  const index = shades.findIndex((shade, i) => i >= 6 && contrastRatio('#ffffff', shade) >= 4.5);
  const filled = index < 0 ? shades.length - 1 : index;
  return {
    '--mantine-color-red-filled': shades[filled]!,
    '--mantine-color-red-filled-hover': shades[Math.min(filled + 1, shades.length - 1)]!,
  };
}

/**
 * Colour fixes for WCAG AA contrast.
 * - Light scheme: the "light" variant (status badges, alerts) writes shade 9 on shade 1, which for
 *   several palettes is under 4.5:1 (teal 4.3, green 3.8, orange 3.6); its text is darkened until it
 *   reads on the hover background (shade 2), which also covers the resting one.
 * - Light scheme: a coloured text (`c="teal"`, a step's status, an error under a list) is the filled
 *   shade 7 by default, which on white reads at 3.1:1 (teal) or 3.8:1 (red); it is darkened until it
 *   reads on the light tint (shade 1) a status sits on, and so on white too. In the dark scheme it is
 *   shade 4, which for navy (3.3:1) and violet (4.0:1) is too dark: the first lighter shade that reads.
 * - Placeholders (an empty date filter shows one as its only text) use the secondary-text colour,
 *   not Mantine's grey of 2:1 (light) and 2.5:1 (dark).
 * - A filled red button (the confirm dialog's "danger" action) writes white on shade 7 (3.8:1) in the
 *   light scheme and on shade 4 (2.3:1) in the dark one: both take the first darker shade white reads
 *   on, the hover one step darker still.
 * - Dark scheme: Mantine derives the "light" variant (active nav item, avatars, info alerts) from the
 *   darkest shade, which for navy is near-black on the dark background; a translucent brighter navy.
 */
export const cssVariablesResolver: CSSVariablesResolver = (current) => ({
  variables: {},
  light: {
    ...Object.fromEntries(
      Object.entries(current.colors).map(([name, shades]) => [
        `--mantine-color-${name}-light-color`,
        readableOn(shades[9], shades[2]),
      ]),
    ),
    ...Object.fromEntries(
      Object.entries(current.colors).map(([name, shades]) => [
        `--mantine-color-${name}-text`,
        readableOn(shades[7], shades[1]),
      ]),
    ),
    '--mantine-color-placeholder': 'var(--mantine-color-dimmed)',
    ...filledDanger(current.colors.red),
  },
  dark: {
    ...Object.fromEntries(
      Object.entries(current.colors)
        .filter(([name]) => name !== 'dark')
        .map(([name, shades]) => [`--mantine-color-${name}-text`, lightestNeeded(shades, current.colors.dark[6])]),
    ),
    '--mantine-color-navy-light': 'rgba(65, 109, 225, 0.22)',
    '--mantine-color-navy-light-hover': 'rgba(65, 109, 225, 0.30)',
    '--mantine-color-navy-light-color': '#c4d4fb',
    ...filledDanger(current.colors.red),
    '--mantine-color-placeholder': 'var(--mantine-color-dimmed)',
  },
});
