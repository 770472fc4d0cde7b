import { SCROLL_TO_TOP_MS } from '@lombard/shared/constants';

/**
 * Scrolls the window to the top in SCROLL_TO_TOP_MS (250 ms), easing in and out. Visitors who
 * asked the system for reduced motion jump straight there. Resolves when the top is reached.
 */
export function scrollToTop(duration: number = SCROLL_TO_TOP_MS): Promise<void> {
  const start = window.scrollY;
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  if (start <= 0 || reduced || duration <= 0) {
    window.scrollTo({ top: 0, behavior: 'instant' });
    return Promise.resolve();
  }
  const began = performance.now();
  const ease = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);
  return new Promise((resolve) => {
    const step = (now: number) => {
      const progress = Math.min(1, (now - began) / duration);
      window.scrollTo({ top: Math.round(start * (1 - ease(progress))), behavior: 'instant' });
      if (progress < 1) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  });
}
