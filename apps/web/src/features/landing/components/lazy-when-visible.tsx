// Mounts its children only when the placeholder comes near the viewport. Sections below a phone's first
// screen (calculator, product teaser) are separate chunks: a page rendered in the browser does not wait
// for them, and a visitor who never scrolls never downloads them. The placeholder keeps their height, so
// nothing jumps. A page the server renders has them in its HTML already (lib/hydration).
import { Box, Skeleton } from '@mantine/core';
import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { isHydratingServerPage } from '../../../lib/hydration';

interface Props {
  children: ReactNode;
  /** Height to reserve until the content is there, close to its real height. */
  minHeight: number | string;
  /** How far ahead of the viewport to start loading. */
  rootMargin?: string;
}

export function LazyWhenVisible({ children, minHeight, rootMargin = '0px 0px 160px 0px' }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(isHydratingServerPage);

  useEffect(() => {
    if (visible) return;
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible, rootMargin]);

  const placeholder = <Skeleton height={minHeight} radius="lg" animate={false} aria-hidden />;
  return (
    <Box ref={ref} mih={visible ? undefined : minHeight}>
      {visible ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </Box>
  );
}
