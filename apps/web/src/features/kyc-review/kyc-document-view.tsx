// One file of a person's document: an image is shown inline (fetched with the operator's token; the
// page's policy allows blob: images), a PDF opens as a download.

import { documentFileDownloadPath } from '@lombard/shared/document-paths';
import type { DocumentItem } from '@lombard/shared/schemas/documents';
import { Anchor, Group, Image, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../lib/resource/download';
import { fileBlobQuery } from './api';

type DocumentFileRow = DocumentItem['files'][number];

function InlineImage({ path, alt }: { path: string; alt: string }) {
  const blob = useQuery(fileBlobQuery(path));
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data) return;
    const next = URL.createObjectURL(blob.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob.data]);
  if (!url) return <Skeleton h={180} radius="sm" />;
  return <Image src={url} alt={alt} radius="sm" mah={320} fit="contain" data-testid="kyc-file-image" />;
}

export function DocumentFileView({ document, file }: { document: DocumentItem; file: DocumentFileRow }) {
  const { t } = useTranslation(['kyc', 'documents']);
  const path = documentFileDownloadPath(document.id, file.id);
  const label = `${t(`documents:types.${document.type}`, { defaultValue: document.type })}${
    file.side ? ` · ${t(`documents:sides.${file.side}`)}` : ''
  }`;
  return (
    <Paper withBorder radius="md" p="xs">
      <Stack gap={6}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        {file.content_type.startsWith('image/') ? (
          <InlineImage path={path} alt={label} />
        ) : (
          <Group gap="xs" py="md" justify="center">
            <IconFileTypePdf size={28} stroke={1.4} aria-hidden />
            <Anchor component="button" type="button" size="sm" onClick={() => void downloadFile(path, file.name)}>
              {t('detail.openPdf', { name: file.name })}
            </Anchor>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
