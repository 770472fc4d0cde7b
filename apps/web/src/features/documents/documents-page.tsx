// /customer/document/ — every document the user uploaded or the platform issued, in the generic list:
// type, number (masked by the server), expiry, status and a download per file.

import { DOCUMENTS_PATH, documentFileDownloadPath } from '@lombard/shared/document-paths';
import type { DocumentItem } from '@lombard/shared/schemas/documents';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconFiles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeading } from '../../components/page-heading';
import { usePageMeta } from '../../lib/page-meta';
import { downloadFile } from '../../lib/resource/download';
import { type Column, ResourceTable } from '../../lib/resource/resource-table';
import { useResourceList } from '../../lib/resource/use-resource-list';

type DocumentRow = DocumentItem & Record<string, unknown>;

const STATUS_COLORS: Record<DocumentItem['status'], string> = {
  active: 'teal',
  expired: 'red',
  superseded: 'gray',
  withdrawn: 'gray',
};

export function DocumentsPage() {
  const { t } = useTranslation('documents');
  usePageMeta(t('title'));
  const list = useResourceList<DocumentRow>(DOCUMENTS_PATH);

  const columns: Column<DocumentRow>[] = [
    {
      key: 'type',
      header: t('columns.type'),
      primary: true,
      // Every type has its words; an issued document also shows its file's name, which tells two
      // contracts (of two advances) apart.
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm" data-testid={`document-type-${row.id}`}>
            {t(`types.${row.type}`)}
          </Text>
          {row.origin === 'issued' && row.files[0] && (
            <Text size="xs" c="dimmed">
              {row.files[0].name}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'kind', header: t('columns.kind'), render: (row) => t(`kinds.${row.kind}`) },
    { key: 'number', header: t('columns.number'), render: (row) => row.number ?? '—' },
    { key: 'expires_on', header: t('columns.expiresOn'), type: 'date' },
    { key: 'created_at', header: t('columns.uploadedOn'), type: 'date', hideOnPhone: true },
    {
      key: 'status',
      header: t('columns.status'),
      render: (row) => (
        <Badge variant="light" radius="sm" color={STATUS_COLORS[row.status]} data-testid={`document-status-${row.id}`}>
          {t(`statuses.${row.status}`)}
        </Badge>
      ),
    },
  ];

  return (
    <Stack gap={0} data-testid="documents-list">
      <PageHeading title={t('title')} description={t('description')} />
      <ResourceTable
        list={list}
        columns={columns}
        label={t('title')}
        minWidth={760}
        empty={
          <EmptyState
            icon={IconFiles}
            title={t('empty.title')}
            description={t('empty.description')}
            action={
              <Button component={Link} to="/customer/profile/kyc/" variant="light" mt="sm">
                {t('empty.action')}
              </Button>
            }
            testId="documents-empty"
          />
        }
        rowActions={(row) => (
          <Group gap={6} wrap="nowrap" justify="flex-end">
            {row.files.map((file) => {
              const label = file.side ? t(`sides.${file.side}`) : t('file');
              return (
                <Button
                  key={file.id}
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<IconDownload size={16} aria-hidden />}
                  onClick={() => void downloadFile(documentFileDownloadPath(row.id, file.id), file.name)}
                  // The spoken name starts with the visible label (WCAG 2.5.3), then names the file.
                  aria-label={t('download', { label, name: file.name })}
                  data-testid={`document-download-${file.id}`}
                >
                  {label}
                </Button>
              );
            })}
          </Group>
        )}
        testId="documents-table"
      />
    </Stack>
  );
}
