// One person's KYC review: each step with its data and status, the documents viewable inline, and the
// approve / reject (with a reason the person reads) decision per step.

import { PROFILE_STEPS, type ProfileStep, REVIEWED_STEPS } from '@lombard/shared/profile-steps';
import type { KycReviewDetail } from '@lombard/shared/schemas/kyc-review';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconCheck, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { KYC_PAGE } from '../../lib/backoffice/paths';
import { currentLanguage } from '../../lib/i18n/i18n';
import { notifySuccess } from '../../lib/notify';
import { usePageMeta } from '../../lib/page-meta';
import { formatDate } from '../../lib/resource/format';
import { kycDetailQuery, useStepDecision } from './api';
import { DocumentFileView } from './kyc-document-view';
import { stepRows } from './kyc-step-data';

const STATUS_COLOR = { approved: 'teal', submitted: 'blue', rejected: 'red', todo: 'gray' } as const;

function StepCard({ detail, step }: { detail: KycReviewDetail; step: ProfileStep }) {
  const { t } = useTranslation(['kyc', 'profile']);
  const progress = detail.profile.progress.steps.find((s) => s.step === step);
  const status = progress?.status ?? 'todo';
  const decide = useStepDecision(detail.user.id);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const reviewable = REVIEWED_STEPS.includes(step) && status === 'submitted';
  const rows = stepRows(detail, step, t, currentLanguage());
  const documents = step === 'kyc' ? detail.documents.filter((d) => d.status === 'active') : [];

  // A double-click fires twice before the button shows it is busy or goes away: once sent (and until a
  // refusal), a press sends nothing more — the step is decided.
  const sent = useRef(false);
  const approve = async () => {
    if (sent.current) return;
    sent.current = true;
    try {
      await decide.mutateAsync({ step, decision: 'approve' });
      notifySuccess(t('detail.approved', { step: t(`profile:steps.${step}.title`) }));
    } catch {
      // The HTTP layer showed the server's answer (the step decided by someone else…); it may be tried again.
      sent.current = false;
    }
  };
  const reject = async () => {
    if (!reason.trim()) return;
    await decide.mutateAsync({ step, decision: 'reject', reason: reason.trim() });
    setRejecting(false);
    setReason('');
    notifySuccess(t('detail.rejected', { step: t(`profile:steps.${step}.title`) }));
  };

  return (
    <Card withBorder radius="md" padding="md" data-testid={`kyc-step-${step}`} data-status={status}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} fz="md">
            {t(`profile:steps.${step}.title`)}
          </Title>
          <Badge variant="light" radius="sm" color={STATUS_COLOR[status]}>
            {t(`profile:progress.status.${status}`)}
          </Badge>
        </Group>
        {rows.length > 0 ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} verticalSpacing={6} component="dl" m={0}>
            {rows.map(([label, value]) => (
              <div key={label}>
                <Text component="dt" size="xs" c="dimmed">
                  {label}
                </Text>
                <Text component="dd" m={0} size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {value}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        ) : (
          documents.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('detail.noData')}
            </Text>
          )
        )}
        {step === 'bank-account' && detail.iban_shared_with.length > 0 && (
          <Alert color="orange" variant="light" data-testid="kyc-iban-shared" title={t('detail.ibanShared')}>
            <Stack gap={2}>
              {detail.iban_shared_with.map((other) => (
                <Anchor key={other.id} component={Link} to={`${KYC_PAGE}${other.id}/`} size="sm">
                  {other.email}
                </Anchor>
              ))}
            </Stack>
          </Alert>
        )}
        {documents.map((document) => (
          <Text key={document.id} size="sm" data-testid={`kyc-document-facts-${document.id}`}>
            {[
              document.number && t('detail.documentNumber', { number: document.number }),
              document.issued_on &&
                t('detail.documentIssued', { date: formatDate(document.issued_on, currentLanguage()) }),
              document.expires_on &&
                t('detail.documentExpires', { date: formatDate(document.expires_on, currentLanguage()) }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        ))}
        {documents.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {documents.flatMap((document) =>
              document.files.map((file) => <DocumentFileView key={file.id} document={document} file={file} />),
            )}
          </SimpleGrid>
        )}
        {status === 'rejected' && progress?.reason && (
          <Text size="sm" c="red">
            {t('profile:progress.reason', { reason: progress.reason })}
          </Text>
        )}
        {reviewable && (
          <Group gap="sm">
            <Button
              // The darkest teal: white text on it passes AA contrast in both schemes.
              color="teal.9"
              leftSection={<IconCheck size={16} aria-hidden />}
              loading={decide.isPending && !rejecting}
              onClick={() => void approve()}
              data-testid={`kyc-approve-${step}`}
            >
              {t('detail.approve')}
            </Button>
            <Button
              color="red"
              variant="light"
              leftSection={<IconX size={16} aria-hidden />}
              onClick={() => setRejecting(true)}
              data-testid={`kyc-reject-${step}`}
            >
              {t('detail.reject')}
            </Button>
          </Group>
        )}
      </Stack>
      <Modal opened={rejecting} onClose={() => setRejecting(false)} title={t('detail.rejectTitle')} centered>
        <Stack gap="md">
          <Textarea
            label={t('detail.reason')}
            description={t('detail.reasonHint')}
            autosize
            minRows={3}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={reason.trim() ? undefined : t('validation:required')}
            data-testid="kyc-reject-reason"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setRejecting(false)}>
              {t('detail.cancel')}
            </Button>
            <Button
              color="red"
              onClick={() => void reject()}
              loading={decide.isPending}
              disabled={!reason.trim()}
              data-testid="kyc-reject-confirm"
            >
              {t('detail.reject')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

export function KycReviewPage() {
  const { t } = useTranslation(['kyc', 'account']);
  const userId = Number(useParams().id);
  const detail = useQuery(kycDetailQuery(userId));
  usePageMeta(t('detail.title'));
  const data = detail.data;

  return (
    <Stack gap="md" data-testid="kyc-review">
      <Anchor component={Link} to={KYC_PAGE} size="sm" w="fit-content">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={16} aria-hidden />
          {t('detail.back')}
        </Group>
      </Anchor>
      {data && (
        <>
          <Group justify="space-between" align="flex-end" gap="sm">
            <Stack gap={2}>
              <Title order={2} fz="xl" data-testid="kyc-person">
                {`${data.user.first_name} ${data.user.last_name}`.trim() || data.user.email}
              </Title>
              <Text size="sm" c="dimmed">
                {data.user.email} · {t('detail.since', { date: formatDate(data.user.created_at, currentLanguage()) })}
              </Text>
            </Stack>
            <Group gap={6}>
              {data.user.attributes.map((profile) => (
                <Badge key={profile} variant="light" radius="sm" data-testid={`kyc-profile-${profile}`}>
                  {t(`account:profiles.${profile}`)}
                </Badge>
              ))}
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {PROFILE_STEPS.map((step) => (
              <StepCard key={step} detail={data} step={step} />
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
