// The advance's statement on request: free, at any time once the money is paid out. The server files it
// among the customer's documents and answers it as the documents list does; the button then downloads
// its file from there.
import { documentFileDownloadPath } from '@lombard/shared/document-paths';
import type { DocumentItem } from '@lombard/shared/schemas/documents';
import { Button } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http } from '../../../lib/http/client';
import { downloadFile } from '../../../lib/resource/download';
import { ADVANCES_API } from './queries';

export function StatementButton({ advanceId }: { advanceId: number }) {
  const { t } = useTranslation('loan');
  const statement = useMutation({
    mutationFn: async () => {
      const item = (await http.post<DocumentItem>(`${ADVANCES_API}${advanceId}/statement/`)).data;
      const file = item.files[0];
      if (file) await downloadFile(documentFileDownloadPath(item.id, file.id), file.name);
    },
  });
  return (
    <Button
      variant="light"
      size="compact-sm"
      leftSection={<IconFileDownload size={16} aria-hidden />}
      loading={statement.isPending}
      onClick={() => statement.mutate()}
      data-testid="advance-statement"
    >
      {t('detail.statement')}
    </Button>
  );
}
