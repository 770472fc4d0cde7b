// A table that scrolls sideways when the screen is narrower than it, with the browser's own scrolling.
// Mantine's Table.ScrollContainer is a ScrollArea (about 5 KB gzip, plus floating-ui before
// lib/merge-refs.ts): the build hangs this component on Table.ScrollContainer instead (vite.config.ts),
// so that no page with a table carries ScrollArea.
import { Box, type BoxProps } from '@mantine/core';
import type { HTMLAttributes, ReactNode } from 'react';

/**
 * A table wide enough to scroll on a phone takes `role="region"`, `tabIndex={0}` and the id of its title
 * (`aria-labelledby`), so that the keyboard reaches it and scrolls it with the arrow keys (axe:
 * scrollable-region-focusable); they pass through to the scrolling box.
 */
interface Props extends BoxProps, Pick<HTMLAttributes<HTMLDivElement>, 'role' | 'tabIndex' | 'aria-labelledby'> {
  /** Below this width the table scrolls instead of squeezing its columns. */
  minWidth: number;
  className?: string;
  children: ReactNode;
}

export function TableScroll({ minWidth, children, ...box }: Props) {
  return (
    <Box style={{ overflowX: 'auto' }} {...box}>
      <Box miw={minWidth}>{children}</Box>
    </Box>
  );
}

/** What Mantine's Table module imports as its ScrollContainer, in the build. */
export const TableScrollContainer = TableScroll;
