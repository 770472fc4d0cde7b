import { SCROLL_TO_TOP_MS } from '@lombard/shared/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scrollToTop } from './scroll-to-top';
import { newsletterLink } from './site-footer';

describe('newsletterLink (newsletter_settings per locale)', () => {
  it('picks the link of the interface language, by short code or full locale', () => {
    expect(newsletterLink({ it: { url: '/newsletter/' }, en: { url: 'https://news.example/en' } }, 'en')).toBe(
      'https://news.example/en',
    );
    expect(newsletterLink({ 'it-IT': { url: 'https://news.example/it' } }, 'it')).toBe('https://news.example/it');
  });
  it('is null when the language has no link, so the button is hidden', () => {
    expect(newsletterLink({ it: { url: '/newsletter/' } }, 'en')).toBeNull();
    expect(newsletterLink({}, 'it')).toBeNull();
    expect(newsletterLink(undefined, 'it')).toBeNull();
    expect(newsletterLink({ en: { url: '' } }, 'en')).toBeNull();
  });
});

describe('scrollToTop', () => {
  afterEach(() => vi.restoreAllMocks());

  it(`reaches the top in ${SCROLL_TO_TOP_MS} ms, easing, with the frames the browser gives`, async () => {
    let now = 0;
    let y = 1000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    Object.defineProperty(window, 'scrollY', { configurable: true, get: () => y });
    window.matchMedia = vi.fn().mockReturnValue({ matches: false }) as unknown as typeof window.matchMedia;
    const positions: number[] = [];
    vi.spyOn(window, 'scrollTo').mockImplementation(((options: ScrollToOptions) => {
      y = options.top ?? y;
      positions.push(y);
    }) as typeof window.scrollTo);
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      now += 50;
      queueMicrotask(() => callback(now));
      return 0;
    });
    await scrollToTop();
    // Frames at 50, 100, …, 250 ms: five steps, strictly decreasing, the last one at the top.
    expect(positions).toHaveLength(SCROLL_TO_TOP_MS / 50);
    expect(positions.at(-1)).toBe(0);
    for (let i = 1; i < positions.length; i++) expect(positions[i]!).toBeLessThan(positions[i - 1]!);
  });

  it('jumps straight to the top for visitors who prefer reduced motion', async () => {
    let y = 600;
    Object.defineProperty(window, 'scrollY', { configurable: true, get: () => y });
    window.matchMedia = vi.fn().mockReturnValue({ matches: true }) as unknown as typeof window.matchMedia;
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(((options: ScrollToOptions) => {
      y = options.top ?? y;
    }) as typeof window.scrollTo);
    await scrollToTop();
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(y).toBe(0);
  });
});
