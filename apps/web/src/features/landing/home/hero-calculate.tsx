// The hero's "calculate" button, which takes the visitor to the calculator. An island of the home page
// (lib/islands).
import { Button } from '@mantine/core';
import { IconCalculator } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { startIsland } from '../../../lib/islands/island-markup';

export const CALCULATOR_ANCHOR = 'calculator';
/** The calculator's island on the home page (app/islands.ts). */
export const CALCULATOR_ISLAND = 'advance-calculator';

/** Scrolls to the calculator; the sections below the hero may still be rendering, so wait for it. */
function scrollToCalculator(framesLeft = 120) {
  const target = document.getElementById(CALCULATOR_ANCHOR);
  if (!target) {
    if (framesLeft > 0) requestAnimationFrame(() => scrollToCalculator(framesLeft - 1));
    return;
  }
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  target.focus({ preventScroll: true });
}

export function HeroCalculate() {
  const { t } = useTranslation('landing');
  return (
    <Button
      size="lg"
      color="yellow.4"
      c="#0a2350"
      leftSection={<IconCalculator size={20} aria-hidden />}
      onClick={() => {
        // Its code is fetched now, not when the smooth scroll brings it near: the visitor is on the way.
        startIsland(CALCULATOR_ISLAND);
        scrollToCalculator();
      }}
      data-testid="hero-calculate"
    >
      {t('home.hero.cta')}
    </Button>
  );
}
