// What Mantine's ScrollArea takes from floating-ui, and all it takes: merging refs. Every Mantine Table
// imports ScrollArea, and floating-ui (the positioning of menus and tooltips) is one chunk of about
// 15 KB gzip, so importing it from there put that chunk on every page with a table, the customer home
// among them. The build points ScrollArea's import here instead (vite.config.ts); Mantine's own hook
// does the same work.
import { useMergedRef } from '@mantine/hooks';
import type { Ref, RefCallback } from 'react';

export function useMergeRefs<T>(refs: ReadonlyArray<Ref<T> | undefined>): RefCallback<T> {
  return useMergedRef(...refs);
}
