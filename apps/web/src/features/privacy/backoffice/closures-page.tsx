// The back office's account closures: the customers who asked to close, oldest first, each with what still
// stands in the way (cash, investments, an advance, a pending order) as read now, and the operator's
// "Complete closure" behind a confirmation. The server checks again under its locks: its refusal, in the
// operator's language, is shown inside the confirmation. Below, the recently completed closures with how
// long the identification data is kept.
import type { BackofficeClosure, ClosureBlocker } from '@lombard/shared/schemas/privacy';
import { Alert, Badge, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconUserX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { formatErrorBody } from '../../../lib/http/error-format';
import { isHttpError } from '../../../lib/http/http-error';
import { useLanguage } from '../../../lib/i18n/use-language';
import { notifySuccess } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { ConfirmDialog } from '../../../lib/resource/confirm-dialog';
import { closuresQuery, useCompleteClosure } from './closures-api';

function Blockers({ blocking }: { blocking: ClosureBlocker[] }) {
  const { t } = useTranslation('backoffice');
  if (blocking.length === 0) {
    return (
      <Badge color="teal" variant="light" leftSection={<IconCircleCheck size={12} aria-hidden />}>
        {t('closures.nothingLeft')}
      </Badge>
    );
  }
  return (
    <Group gap={6} aria-label={t('closures.blockingLabel')}>
      {blocking.map((what) => (
        <Badge key={what} color="orange" variant="light" data-testid={`blocker-${what}`}>
          {t(`closures.blockers.${what}`)}
        </Badge>
      ))}
    </Group>
  );
}

function Customer({ row }: { row: BackofficeClosure }) {
  const { t } = useTranslation('backoffice');
  return (
    <Box miw={0}>
      <Text fw={600} truncate="end">
        {row.name || t('closures.closedAccount', { id: row.user_id })}
      </Text>
      <Text size="sm" c="dimmed" truncate="end">
        {row.email}
      </Text>
    </Box>
  );
}

function OpenRequest({ row, onComplete }: { row: BackofficeClosure; onComplete(): void }) {
  const { t } = useTranslation('backoffice');
  const language = useLanguage();
  return (
    <Paper withBorder radius="md" p="md" component="li" data-testid={`closure-${row.id}`}>
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <Stack gap={6} miw={0} style={{ flex: '1 1 16rem' }}>
          <Customer row={row} />
          <Text size="sm">{t('closures.requestedOn', { date: formatDate(row.requested_at, language) })}</Text>
          {row.reason && (
            <Text size="sm" c="dimmed" fs="italic" style={{ overflowWrap: 'anywhere' }}>
              “{row.reason}”
            </Text>
          )}
        </Stack>
        <Stack gap="sm" align="flex-start" style={{ flex: '0 1 auto' }}>
          <Blockers blocking={row.blocking} />
          <Button
            color="red"
            variant="light"
            leftSection={<IconUserX size={16} aria-hidden />}
            onClick={onComplete}
            data-testid={`complete-${row.id}`}
          >
            {t('closures.complete')}
          </Button>
        </Stack>
      </Group>
    </Paper>
  );
}

function CompletedClosure({ row }: { row: BackofficeClosure }) {
  const { t } = useTranslation('backoffice');
  const language = useLanguage();
  return (
    <Paper withBorder radius="md" p="md" component="li" data-testid={`closure-${row.id}`}>
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <Customer row={row} />
        <Stack gap={2} style={{ flex: '0 1 auto' }}>
          <Text size="sm">{t('closures.completedOn', { date: formatDate(row.completed_at!, language) })}</Text>
          <Text size="sm" c="dimmed">
            {row.purged_at
              ? t('closures.purgedOn', { date: formatDate(row.purged_at, language) })
              : row.retain_until && t('closures.keptUntil', { date: formatDate(row.retain_until, language) })}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

export function ClosuresPage() {
  const { t } = useTranslation('backoffice');
  usePageMeta(t('sections.closures'));
  const query = useQuery(closuresQuery);
  const complete = useCompleteClosure();
  const [completing, setCompleting] = useState<BackofficeClosure | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const rows = query.data ?? [];
  const open = rows.filter((row) => !row.completed_at);
  const done = rows.filter((row) => row.completed_at);

  const ask = (row: BackofficeClosure) => {
    setRefusal(null);
    setCompleting(row);
  };

  return (
    <Stack gap="lg" data-testid="closures-page">
      <Text size="sm" c="dimmed" maw={720}>
        {t('closures.intro')}
      </Text>
      <Stack gap="sm" component="section" aria-labelledby="closures-open">
        <Title order={2} fz="lg" id="closures-open">
          {t('closures.open', { count: open.length })}
        </Title>
        {query.isSuccess && open.length === 0 && <Text c="dimmed">{t('closures.emptyOpen')}</Text>}
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {open.map((row) => (
            <OpenRequest key={row.id} row={row} onComplete={() => ask(row)} />
          ))}
        </Stack>
      </Stack>
      {done.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="closures-done">
          <Title order={2} fz="lg" id="closures-done">
            {t('closures.completed')}
          </Title>
          <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {done.map((row) => (
              <CompletedClosure key={row.id} row={row} />
            ))}
          </Stack>
        </Stack>
      )}
      <ConfirmDialog
        opened={completing !== null}
        title={t('closures.confirmTitle')}
        message={completing && t('closures.confirmMessage', { person: completing.name || completing.email })}
        confirmLabel={t('closures.complete')}
        danger
        loading={complete.isPending}
        onCancel={() => setCompleting(null)}
        onConfirm={async () => {
          if (!completing) return;
          try {
            await complete.mutateAsync(completing.id);
          } catch (error) {
            if (!isHttpError(error) || error.response?.status !== 409) throw error;
            setRefusal(formatErrorBody(error.response.data).join(' ') || t('closures.refused'));
            return;
          }
          setCompleting(null);
          notifySuccess(t('closures.done'));
        }}
      >
        {refusal && (
          <Alert
            color="red"
            variant="light"
            mt="md"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            role="alert"
            data-testid="closure-refusal"
          >
            {refusal}
          </Alert>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
