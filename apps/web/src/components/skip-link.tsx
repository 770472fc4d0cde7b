// "Skip to content": the page's first focusable element, so that a keyboard user does not tab through
// the header and the menu on every page.
import type { ReactNode } from 'react';
import classes from './skip-link.module.css';

/** The element a skip link lands on: focusable by script only (tabIndex -1), never a tab stop. */
export const MAIN_CONTENT_ID = 'main';

export function SkipLink({ children, target = MAIN_CONTENT_ID }: { children: ReactNode; target?: string }) {
  return (
    <a
      href={`#${target}`}
      className={classes.skip}
      data-testid="skip-link"
      onClick={(event) => {
        const element = document.getElementById(target);
        if (!element) return;
        // Move focus there without adding "#main" to the address (and the history).
        event.preventDefault();
        element.focus({ preventScroll: true });
        element.scrollIntoView({ block: 'start' });
      }}
    >
      {children}
    </a>
  );
}
