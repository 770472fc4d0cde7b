// Photographs and accessibility scans of a screen in every way people see it: Italian and English, light
// and dark, on a phone (375 px) and a desktop (1280 px), into e2e/.screenshots/ (git-ignored), for a
// designer's eye. One signed-in page serves every combination: the language is the cookie the app reads
// when it starts (a reload), the theme the header's switch a person clicks, the width the window's.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { axeScan, WCAG_21_AA } from './axe';
import { LOCALES, setVisitor, type TestLocale } from './landing';

export const SHOTS = path.join(import.meta.dirname, '..', '.screenshots');
const WIDTHS = [375, 1280] as const;
const HEIGHT = { 375: 812, 1280: 900 } as const;

/** The text a person reads in her language: Italian or English. */
export const inLanguage = (locale: TestLocale) => (it: string, en: string) => (locale === 'it-IT' ? it : en);

/** The WCAG rules whose outcome depends on colours: all a theme switch can change. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Asserts that axe finds no WCAG 2.1 AA violation on the page, or on the part `include` selects: every
 * rule, or (`colours`) those a theme can change, on a page already scanned whole in the other theme.
 */
export async function expectNoAxeViolations(
  page: Page,
  where: string,
  include?: string,
  only: 'every rule' | 'colours' = 'every rule',
) {
  const axe = axeScan(page);
  const builder = only === 'colours' ? axe.withRules(COLOUR_RULES) : axe.withTags(WCAG_21_AA);
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  expect(violations.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Until the page is drawn in the chosen scheme. */
async function switchTheme(page: Page, theme: 'light' | 'dark') {
  const html = page.locator('html');
  if ((await html.getAttribute('data-mantine-color-scheme')) === theme) return;
  // The switch sits in the header from 768 px up (in the menu drawer below).
  await page.setViewportSize({ width: 1280, height: HEIGHT[1280] });
  await page.getByRole('banner').getByTestId('theme-toggle').click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', theme);
  // Off the switch, so that the pictures do not show it hovered.
  await page.mouse.move(0, 0);
}

/**
 * Until the page has settled at its new width: a frame for the layout (media queries read in scripts
 * answer on it), then every transition it started (the menu sliding away below 768 px) has ended.
 */
async function settled(page: Page) {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    // A spinner runs for ever: only what ends is waited for.
    const ending = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** The whole page down to the site's footer (the same on every page), or the window only. */
async function area(page: Page, fullPage: boolean) {
  if (!fullPage) return {};
  const size = await page.evaluate(() => {
    // From the top, nothing focused: scrolled, the sticky header was drawn across the middle of the picture,
    // and a control hidden at the new width left the focus where the skip link showed.
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo({ top: 0, behavior: 'instant' });
    const footer = document.querySelector('footer')?.getBoundingClientRect().top;
    const height = footer === undefined ? document.documentElement.scrollHeight : footer + window.scrollY;
    return { width: document.documentElement.scrollWidth, height: Math.ceil(height) };
  });
  return { fullPage: true, clip: { x: 0, y: 0, ...size } };
}

export interface Screen {
  /** File-name stem: `<name>-<it|en>-<theme>-<width>.png`. */
  name: string;
  /** Opens the screen in the language the cookie says and waits for what the person waits to see. */
  show: (locale: TestLocale) => Promise<void>;
  /** For a dialog: opens it (after the theme switch, which the dialog's overlay would cover) and closes it. */
  open?: (locale: TestLocale) => Promise<void>;
  close?: () => Promise<void>;
  /** The part of the page axe scans (a CSS selector); the whole page when left out. */
  scan?: string;
  /** The whole page (default) or the window only (a dialog). */
  fullPage?: boolean;
}

/**
 * Photographs a screen and scans it with axe in both languages, both themes and both widths; the page
 * stays signed in throughout. Leaves the page in the light theme and the last language.
 */
export async function photographEveryWay(page: Page, baseURL: string, screen: Screen) {
  mkdirSync(SHOTS, { recursive: true });
  for (const locale of LOCALES) {
    await setVisitor(page.context(), baseURL, { locale, theme: 'light' });
    await page.setViewportSize({ width: 1280, height: HEIGHT[1280] });
    await screen.show(locale);
    for (const theme of ['light', 'dark'] as const) {
      await switchTheme(page, theme);
      await screen.open?.(locale);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: HEIGHT[width] });
        await settled(page);
        const name = `${screen.name}-${locale.slice(0, 2)}-${theme}-${width}`;
        await page.screenshot({
          path: path.join(SHOTS, `${name}.png`),
          ...(await area(page, screen.fullPage ?? true)),
        });
        // Every rule in the light theme; in the dark one the markup is the same, so the colours' rules.
        await expectNoAxeViolations(page, name, screen.scan, theme === 'light' ? 'every rule' : 'colours');
      }
      await screen.close?.();
    }
  }
  await switchTheme(page, 'light');
}
