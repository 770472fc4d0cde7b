import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.1 levels A and AA. */
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * An axe scan of the page in place. Legacy mode runs axe once in the page instead of opening a helper
 * page per scan to merge frame results: the app has no frames, and the helper pages cost about half of
 * every scan's time.
 */
export function axeScan(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode();
}
