// The remedy ranked in advance for a margin call (docs/decisions/038), on the settings page: the three
// methods in her order, the free holdings to pledge and the pledged funds to sell in hers. Reordered with
// up and down buttons (a keyboard and a screen reader reach them; no drag needed), saved together.
import type { RemedyRanking, RemedyRankingView } from '@lombard/shared/schemas/margin-alerts';
import { ActionIcon, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/use-language';
import { notifySuccess } from '../../../lib/notify';
import { remedyRankingQuery, useSaveRanking } from './margin-alert-api';

function move<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const next = [...items];
  const target = index + by;
  if (target < 0 || target >= next.length) return next;
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

function OrderedList({
  title,
  items,
  label,
  onMove,
  testId,
}: {
  title: string;
  items: { key: string; text: string; hint?: string }[];
  label: (key: string) => string;
  onMove: (index: number, by: -1 | 1) => void;
  testId: string;
}) {
  const { t } = useTranslation('loan');
  return (
    <Stack gap={6}>
      <Text fw={600} size="sm" id={`${testId}-title`}>
        {title}
      </Text>
      <Stack gap={6} component="ol" aria-labelledby={`${testId}-title`} m={0} p={0} data-testid={testId}>
        {items.map((item, index) => (
          <Paper key={item.key} component="li" withBorder radius="sm" px="sm" py={4} style={{ listStyle: 'none' }}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              {/* The number keeps its width: shrunk by a long name, it moved the names out of line. */}
              <Group gap="xs" wrap="nowrap" miw={0} style={{ flex: 1 }}>
                <Text size="sm" c="dimmed" w={18} ta="right" aria-hidden style={{ flexShrink: 0 }}>
                  {index + 1}
                </Text>
                <Stack gap={0} miw={0}>
                  {/* Wrapped, not cut: at 375 px a cut title hid which remedy or line it was. */}
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {item.text}
                  </Text>
                  {item.hint && (
                    <Text size="xs" c="dimmed">
                      {item.hint}
                    </Text>
                  )}
                </Stack>
              </Group>
              {/* Up above down, each 40 px: side by side at 28 px they were small to tap and took the name's room. */}
              <Stack gap={4} style={{ flexShrink: 0 }}>
                <ActionIcon
                  variant="subtle"
                  size={40}
                  disabled={index === 0}
                  onClick={() => onMove(index, -1)}
                  aria-label={t('ranking.up', { item: label(item.key) })}
                >
                  <IconArrowUp size={20} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  size={40}
                  disabled={index === items.length - 1}
                  onClick={() => onMove(index, 1)}
                  aria-label={t('ranking.down', { item: label(item.key) })}
                >
                  <IconArrowDown size={20} aria-hidden />
                </ActionIcon>
              </Stack>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

function RankingForm({ view }: { view: RemedyRankingView }) {
  const { t } = useTranslation('loan');
  const language = useLanguage();
  const save = useSaveRanking();
  const [ranking, setRanking] = useState<RemedyRanking>(() => ({
    methods: view.ranking.methods,
    pledge_order: view.pledge_lines.map((line) => line.key),
    sell_order: view.sell_lines.map((line) => line.key),
  }));
  // A saved ranking from the server (another tab) replaces what this form started from.
  useEffect(() => {
    setRanking({
      methods: view.ranking.methods,
      pledge_order: view.pledge_lines.map((line) => line.key),
      sell_order: view.sell_lines.map((line) => line.key),
    });
  }, [view]);
  const lines = new Map([...view.pledge_lines, ...view.sell_lines].map((line) => [line.key, line]));
  const lineItem = (key: string) => ({
    key,
    text: lines.get(key)?.label ?? key,
    hint: lines.get(key) ? formatMoney(lines.get(key)!.value, language) : undefined,
  });
  const lineLabel = (key: string) => lines.get(key)?.label ?? key;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(ranking, { onSuccess: () => notifySuccess(t('ranking.saved')) });
      }}
    >
      <Stack gap="md">
        <OrderedList
          title={t('ranking.methods')}
          items={ranking.methods.map((method) => ({
            key: method,
            text: t(`ranking.method.${method}`),
            hint: t(`ranking.methodHint.${method}`),
          }))}
          label={(key) => t(`ranking.method.${key}`)}
          onMove={(index, by) => setRanking({ ...ranking, methods: move(ranking.methods, index, by) })}
          testId="ranking-methods"
        />
        {ranking.pledge_order.length > 1 && (
          <OrderedList
            title={t('ranking.pledgeOrder')}
            items={ranking.pledge_order.map(lineItem)}
            label={lineLabel}
            onMove={(index, by) => setRanking({ ...ranking, pledge_order: move(ranking.pledge_order, index, by) })}
            testId="ranking-pledge"
          />
        )}
        {ranking.sell_order.length > 1 && (
          <OrderedList
            title={t('ranking.sellOrder')}
            items={ranking.sell_order.map(lineItem)}
            label={lineLabel}
            onMove={(index, by) => setRanking({ ...ranking, sell_order: move(ranking.sell_order, index, by) })}
            testId="ranking-sell"
          />
        )}
        <Text size="xs" c="dimmed">
          {t('ranking.note')}
        </Text>
        <Group>
          <Button type="submit" loading={save.isPending} data-testid="ranking-save">
            {t('ranking.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The settings page's card; the app hands it to the account feature (a feature imports no other). */
export function RemedyRankingCard() {
  const { t } = useTranslation('loan');
  const view = useQuery(remedyRankingQuery);
  return (
    <Card withBorder radius="lg" padding="lg" mt="lg" id="remedy-ranking" data-testid="remedy-ranking">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="lg">
            {t('ranking.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('ranking.intro')}
          </Text>
        </Stack>
        {view.data && <RankingForm view={view.data} />}
      </Stack>
    </Card>
  );
}
