// The read-only parts of an advance's page: the pledged collateral, the documents (SECCI, contract) and the
// timeline of everything that happened to it. The back office shows the same parts of the same detail.
import {
  type AdvanceDetail,
  TIMELINE_DATE_PARAMS,
  TIMELINE_MONEY_PARAMS,
  type TimelineEvent,
} from '@lombard/shared/schemas/advances';
import { Anchor, Badge, Group, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney, formatPercent } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/use-language';
import { downloadFile } from '../../lib/resource/download';
import { formatDateTime } from '../../lib/resource/format';

export function CollateralSection({ advance }: { advance: AdvanceDetail }) {
  const { t } = useTranslation('advance');
  const language = useLanguage();
  return (
    <Paper withBorder radius="md" p="md" data-testid="advance-collateral">
      <Title order={2} fz="md" mb="xs">
        {t('detail.collateral')}
      </Title>
      <Stack gap="sm">
        {advance.collateral.map((line) => (
          // The badge sits under the name, as on the loan overview: beside the figure it squeezed the
          // fund's name into a narrow column on a phone.
          <Group key={line.key} justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
            <div>
              <Text size="sm" fw={600}>
                {line.label}
              </Text>
              <Group gap={6}>
                <Text size="xs" c="dimmed">
                  {t('detail.collateralLine', {
                    value: formatMoney(line.value, language),
                    ltv: formatPercent(line.loan_to_value, language),
                  })}
                </Text>
                <Badge size="xs" variant="light" color={line.pledged ? 'blue' : 'gray'} miw="max-content">
                  {line.pledged ? t('detail.pledged') : t('detail.released')}
                </Badge>
              </Group>
            </div>
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(line.contribution, language)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

type AdvanceDocument = AdvanceDetail['documents'][number];

/**
 * `urlOf` lets the back office fetch the files from its own routes: the detail's URLs are the customer's,
 * which answer only the advance's owner.
 */
export function DocumentsSection({
  advance,
  urlOf = (document) => document.url,
}: {
  advance: AdvanceDetail;
  urlOf?: (document: AdvanceDocument) => string;
}) {
  const { t } = useTranslation('advance');
  const language = useLanguage();
  if (advance.documents.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="advance-documents">
      <Title order={2} fz="md" mb="xs">
        {t('detail.documents')}
      </Title>
      <Stack gap={6}>
        {advance.documents.map((document) => (
          <div key={document.kind}>
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => void downloadFile(urlOf(document), `${document.kind}.pdf`)}
              data-testid={`document-${document.kind}`}
            >
              <Group gap={4} component="span">
                <IconDownload size={16} aria-hidden />
                {t(`detail.document.${document.kind}`)}
              </Group>
            </Anchor>
            {document.signed_at && (
              <Text size="xs" c="dimmed">
                {t('detail.signedAt', { at: formatDateTime(document.signed_at, language) })}
              </Text>
            )}
          </div>
        ))}
      </Stack>
    </Paper>
  );
}

/** Who reads the timeline: the customer in their own voice, an operator in the third person. */
export type TimelineVoice = 'customer' | 'operator';

/** An event in the reader's language and voice, its amounts written as money. */
export function useTimelineText(voice: TimelineVoice) {
  const { t } = useTranslation('advance');
  const language = useLanguage();
  return (event: TimelineEvent) => {
    const values: Record<string, string | number> = {};
    for (const [name, value] of Object.entries(event.params)) {
      values[name] = TIMELINE_MONEY_PARAMS.includes(name)
        ? formatMoney(String(value), language)
        : TIMELINE_DATE_PARAMS.includes(name)
          ? formatDate(String(value), language)
          : value;
    }
    const unpaid = event.kind === 'withdrawn' && Number(event.params.amount ?? 0) === 0;
    return t(`timeline.${voice}.${unpaid ? 'withdrawnBeforePayout' : event.kind}`, values);
  };
}

export function TimelineSection({ advance, voice = 'customer' }: { advance: AdvanceDetail; voice?: TimelineVoice }) {
  const { t } = useTranslation('advance');
  const language = useLanguage();
  const text = useTimelineText(voice);
  return (
    <Paper withBorder radius="md" p="md" data-testid="advance-timeline">
      <Title order={2} fz="md" mb="sm">
        {t('detail.timeline')}
      </Title>
      <Timeline active={advance.timeline.length - 1} bulletSize={14} lineWidth={2}>
        {advance.timeline.map((event) => (
          <Timeline.Item
            key={`${event.at}-${event.kind}`}
            title={
              <Text size="sm" fw={600}>
                {text(event)}
              </Text>
            }
          >
            <Text size="xs" c="dimmed">
              {formatDateTime(event.at, language)}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Paper>
  );
}
