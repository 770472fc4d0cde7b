// What wraps an island's component, on the server and in the browser alike (the markup and React's ids
// must match): Mantine, and a boundary for what suspends inside. No router: links in an island are plain
// anchors (lib/app-link).
import { type ReactNode, StrictMode, Suspense, useEffect } from 'react';
import { ThemeProvider } from '../lib/theme/theme-provider';

interface Props {
  children: ReactNode;
  /** Called once React has committed the island: from then on its handlers run. */
  onCommit: () => void;
}

export function IslandRoot({ children, onCommit }: Props) {
  return (
    <StrictMode>
      <ThemeProvider>
        <Suspense fallback={null}>{children}</Suspense>
      </ThemeProvider>
      <Committed onCommit={onCommit} />
    </StrictMode>
  );
}

/** Renders nothing; its effect runs after the island's commit. */
function Committed({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit, [onCommit]);
  return null;
}
