// A table that scrolls sideways when the screen is narrower than it. Mantine's Table.ScrollContainer
// does the same with type="native", but imports its ScrollArea all the same, and ScrollArea imports
// floating-ui: about 20 KB gzip on every page with a table, the customer home among them.
import { Box, type BoxProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props extends BoxProps {
  /** Below this width the table scrolls instead of squeezing its columns. */
  minWidth: number;
  children: ReactNode;
}

export function TableScroll({ minWidth, children, ...box }: Props) {
  return (
    <Box style={{ overflowX: 'auto' }} {...box}>
      <Box miw={minWidth}>{children}</Box>
    </Box>
  );
}
