import { bulkPayload } from '@lombard/shared/query-string';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { BulkAction } from './bulk-bar';
import type { Row } from './queries';
import type { ResourceList } from './use-resource-list';
import type { SelectionControls } from './use-selection';

interface ExportMutation {
  isPending: boolean;
  mutate(payload: ReturnType<typeof bulkPayload>, options: { onSuccess: () => void }): void;
}

/**
 * The "export XLSX" bulk action every list offers: sends the selection (or every filtered row but the
 * excluded ones) with the list's filters and order, then clears the selection.
 */
export function exportXlsxAction<T extends Row>(
  label: ReactNode,
  exportXlsx: ExportMutation,
  list: ResourceList<T>,
  selection: SelectionControls,
): BulkAction {
  return {
    key: 'export',
    label,
    icon: <IconFileSpreadsheet size={16} aria-hidden />,
    loading: exportXlsx.isPending,
    onClick: () =>
      exportXlsx.mutate(bulkPayload(selection.selection, list.state.filters, list.state.orderBy), {
        onSuccess: selection.clear,
      }),
  };
}
