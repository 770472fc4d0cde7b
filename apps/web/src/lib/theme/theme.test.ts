// Colour contrast of the theme (WCAG AA, 4.5:1 for small text): the "light" variant — status badges,
// alerts — in the light scheme, and input placeholders in both schemes.
import { DEFAULT_THEME, type MantineTheme, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, cssVariablesResolver, readableOn, theme } from './theme';

const merged: MantineTheme = mergeMantineTheme(DEFAULT_THEME, theme);
const resolved = cssVariablesResolver(merged);

describe('theme colours', () => {
  it.each(Object.keys(merged.colors))('light-variant %s text reads at 4.5:1 on its background and hover', (name) => {
    const shades = merged.colors[name]!;
    // Mantine's own choice, shade 9, when the theme does not say otherwise.
    const text = resolved.light[`--mantine-color-${name}-light-color`] ?? shades[9];
    expect(contrastRatio(text, shades[1])).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(text, shades[2])).toBeGreaterThanOrEqual(4.5);
  });

  it.each(Object.keys(merged.colors))(
    'coloured %s text reads at 4.5:1 on white and on its light tint, both schemes',
    (name) => {
      const shades = merged.colors[name]!;
      const light = resolved.light[`--mantine-color-${name}-text`];
      expect(light).toBeDefined();
      expect(contrastRatio(light!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(light!, shades[1])).toBeGreaterThanOrEqual(4.5);
      // On the dark body and on a card.
      if (name !== 'dark') {
        const dark = resolved.dark[`--mantine-color-${name}-text`]!;
        for (const background of [merged.colors.dark[7], merged.colors.dark[6]]) {
          expect(contrastRatio(dark, background)).toBeGreaterThanOrEqual(4.5);
        }
      }
    },
  );

  it('a filled red button (the confirm dialog’s danger action) reads white at 4.5:1, resting and hovered, both schemes', () => {
    for (const scheme of [resolved.light, resolved.dark]) {
      expect(contrastRatio('#ffffff', scheme['--mantine-color-red-filled']!)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio('#ffffff', scheme['--mantine-color-red-filled-hover']!)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('placeholders use the secondary-text colour in both schemes', () => {
    expect(resolved.light['--mantine-color-placeholder']).toBe('var(--mantine-color-dimmed)');
    expect(resolved.dark['--mantine-color-placeholder']).toBe('var(--mantine-color-dimmed)');
  });

  it('readableOn keeps a colour that already reads and darkens one that does not', () => {
    expect(readableOn('#000000', '#ffffff')).toBe('#000000');
    const teal = readableOn('#087f5b', '#96f2d7');
    expect(contrastRatio(teal, '#96f2d7')).toBeGreaterThanOrEqual(4.5);
    expect(teal).not.toBe('#087f5b');
  });
});
