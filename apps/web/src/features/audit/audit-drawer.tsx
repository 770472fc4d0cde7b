// One audit entry: who, when, what, and the object before and after — changed fields first.
import { Badge, Code, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../components/backoffice/detail-list';
import { formatDateTime } from '../../lib/resource/format';
import { resourceDetailQuery } from '../../lib/resource/queries';
import { ResourceDrawer } from '../../lib/resource/resource-drawer';
import { AUDIT_API, type AuditDetailRow } from './api';

type Snapshot = Record<string, unknown> | null;

const show = (value: unknown) =>
  value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/** Fields whose value differs between before and after (all fields of a creation or deletion). */
export function changedFields(
  before: Snapshot,
  after: Snapshot,
): Array<{ field: string; before: unknown; after: unknown }> {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys
    .filter((key) => JSON.stringify(before?.[key]) !== JSON.stringify(after?.[key]))
    .map((field) => ({ field, before: before?.[field], after: after?.[field] }));
}

export function AuditDrawer({ id, onClose }: { id: string | null; onClose(): void }) {
  const { t, i18n } = useTranslation('backoffice');
  const language = i18n.language === 'en' ? 'en' : 'it';
  const entry = useQuery({ ...resourceDetailQuery<AuditDetailRow>(AUDIT_API, id ?? ''), enabled: id !== null });
  const data = entry.data;
  const before = (data?.before ?? null) as Snapshot;
  const after = (data?.after ?? null) as Snapshot;
  const changes = changedFields(before, after);

  return (
    <ResourceDrawer
      opened={id !== null}
      onClose={onClose}
      title={t('audit.detailTitle')}
      loading={entry.isPending && id !== null}
      testId="audit-drawer"
    >
      {data && (
        <Stack gap="lg">
          <DetailList
            items={[
              { label: t('audit.columns.date'), value: formatDateTime(data.created_at, language) },
              { label: t('audit.columns.actor'), value: data.actor_email ?? '—' },
              {
                label: t('audit.columns.action'),
                value: (
                  <Badge variant="light" radius="sm">
                    {t(`audit.actions.${data.action}`, { defaultValue: data.action })}
                  </Badge>
                ),
              },
              {
                label: t('audit.columns.object'),
                value: `${t(`audit.objects.${data.object_type}`, { defaultValue: data.object_type })} ${data.object_id ? `#${data.object_id}` : ''}`,
              },
              { label: t('audit.fields.ip'), value: data.ip ?? '—' },
              { label: t('audit.fields.requestId'), value: data.request_id ? <Code>{data.request_id}</Code> : '—' },
            ]}
          />
          <Stack gap="xs">
            <Text fw={700}>{t('audit.changes')}</Text>
            {changes.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('audit.noChanges')}
              </Text>
            ) : (
              <ScrollArea type="auto">
                <Table withTableBorder withColumnBorders verticalSpacing="xs" fz="sm" data-testid="audit-changes">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('audit.field')}</Table.Th>
                      <Table.Th>{t('audit.before')}</Table.Th>
                      <Table.Th>{t('audit.after')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {changes.map((change) => (
                      <Table.Tr key={change.field}>
                        <Table.Td fw={600}>{change.field}</Table.Td>
                        <Table.Td c="var(--mantine-color-red-text)" style={{ overflowWrap: 'anywhere' }}>
                          {show(change.before)}
                        </Table.Td>
                        <Table.Td c="var(--mantine-color-teal-text)" style={{ overflowWrap: 'anywhere' }}>
                          {show(change.after)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea>
            )}
          </Stack>
        </Stack>
      )}
    </ResourceDrawer>
  );
}
