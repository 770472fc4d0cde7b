// Row selection: ticked rows, or select-all mode covering every filtered row on every page
// minus the unticked ones. Changing the filters starts a new selection.
import { type Id, type Selection, selectionSize } from '@lombard/shared/query-string';
import { useCallback, useEffect, useMemo, useState } from 'react';

export interface SelectionControls {
  selection: Selection;
  isSelected(id: Id): boolean;
  toggle(id: Id): void;
  /** State of the header checkbox for the rows shown. */
  pageState(ids: readonly Id[]): 'all' | 'some' | 'none';
  togglePage(ids: readonly Id[]): void;
  selectAll(): void;
  clear(): void;
  size(count: number): number;
}

const EMPTY: Selection = { all: false, ids: [] };

export function useSelection(resetKey: string): SelectionControls {
  const [selection, setSelection] = useState<Selection>(EMPTY);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is the trigger, not an input
  useEffect(() => setSelection(EMPTY), [resetKey]);

  const isSelected = useCallback(
    (id: Id) => (selection.all ? !selection.ids.includes(id) : selection.ids.includes(id)),
    [selection],
  );

  return useMemo(
    () => ({
      selection,
      isSelected,
      toggle: (id) =>
        setSelection((s) => ({ all: s.all, ids: s.ids.includes(id) ? s.ids.filter((x) => x !== id) : [...s.ids, id] })),
      pageState: (ids) => {
        const ticked = ids.filter(isSelected).length;
        if (ids.length > 0 && ticked === ids.length) return 'all';
        return ticked === 0 ? 'none' : 'some';
      },
      togglePage: (ids) =>
        setSelection((s) => {
          const selected = (id: Id) => (s.all ? !s.ids.includes(id) : s.ids.includes(id));
          const everyTicked = ids.every(selected);
          // In select-all mode, `ids` are the exceptions: unticking a row adds it, ticking removes it.
          const tick = !everyTicked;
          const wanted = s.all ? !tick : tick;
          const others = s.ids.filter((id) => !ids.includes(id));
          return { all: s.all, ids: wanted ? [...others, ...ids] : others };
        }),
      selectAll: () => setSelection({ all: true, ids: [] }),
      clear: () => setSelection(EMPTY),
      size: (count) => selectionSize(selection, count),
    }),
    [selection, isSelected],
  );
}
