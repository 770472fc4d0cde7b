// Why us: the advance compared with the alternatives, and what sets the service apart.
import { SUPPORT_REPLY_HOURS_WEEKDAY } from '@lombard/shared/constants';
import type { Language } from '@lombard/shared/locale';
import { Button, Container, Group, Paper, SimpleGrid, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBolt,
  IconBuildingBank,
  IconCheck,
  IconHeadset,
  IconLockSquareRounded,
  IconReceiptOff,
  IconRefresh,
  IconX,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/format';
import { useAdvanceTerms } from '../../../lib/global-config';
import { usePageMeta } from '../../../lib/page-meta';
import { TableScroll } from '../../../lib/table-scroll';
import { PageHero } from '../components/page-hero';
import { SectionHeading } from '../components/section-heading';
import { LANDING_PATHS } from '../components/site-links';

const REASONS = [
  { key: 'bank', icon: IconBuildingBank },
  { key: 'pricing', icon: IconReceiptOff },
  { key: 'speed', icon: IconBolt },
  { key: 'flexible', icon: IconRefresh },
  { key: 'security', icon: IconLockSquareRounded },
  { key: 'people', icon: IconHeadset },
] as const;

const OPTIONS = ['lombard', 'sell', 'loan'] as const;

/** Which alternative does well on each criterion; the words are in the catalogue. */
const COMPARISON = {
  keep: { lombard: true, sell: false, loan: true },
  check: { lombard: true, sell: true, loan: false },
  time: { lombard: true, sell: true, loan: false },
  cost: { lombard: true, sell: false, loan: false },
  repay: { lombard: true, sell: false, loan: false },
} as const satisfies Record<string, Record<(typeof OPTIONS)[number], boolean>>;

const ROWS = Object.keys(COMPARISON) as Array<keyof typeof COMPARISON>;

export function WhyUsPage() {
  const terms = useAdvanceTerms();
  const { t, i18n } = useTranslation('about');
  const language: Language = i18n.language === 'en' ? 'en' : 'it';
  usePageMeta(t('whyUs.meta.title'), t('whyUs.meta.description'));
  const values = {
    hours: terms.payoutHours,
    amount: formatMoney(terms.minimum, language, { cents: false }),
    supportHours: SUPPORT_REPLY_HOURS_WEEKDAY,
  };
  return (
    <>
      <PageHero
        eyebrow={t('whyUs.hero.eyebrow')}
        title={t('whyUs.hero.title', values)}
        lead={t('whyUs.hero.lead', values)}
      />
      <Container size="lg" py={{ base: 48, sm: 80 }} component="section" aria-labelledby="compare-title">
        <SectionHeading id="compare-title" title={t('whyUs.compare.title')} description={t('whyUs.compare.lead')} />
        <Paper withBorder radius="lg" mt={32} style={{ overflow: 'hidden' }} visibleFrom="sm">
          <TableScroll minWidth={640}>
            <Table verticalSpacing="md" horizontalSpacing="lg" data-testid="why-compare">
              <Table.Thead bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-6))">
                <Table.Tr>
                  <Table.Th scope="col">
                    <span className="visually-hidden">{t('whyUs.compare.criterion')}</span>
                  </Table.Th>
                  {OPTIONS.map((option) => (
                    <Table.Th
                      key={option}
                      scope="col"
                      c={
                        option === 'lombard'
                          ? 'light-dark(var(--mantine-color-navy-7), var(--mantine-color-navy-2))'
                          : undefined
                      }
                    >
                      {t(`whyUs.compare.options.${option}`)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {ROWS.map((row) => (
                  <Table.Tr key={row}>
                    <Table.Th scope="row" fw={600}>
                      {t(`whyUs.compare.rows.${row}.label`)}
                    </Table.Th>
                    {OPTIONS.map((option) => {
                      const good = COMPARISON[row][option];
                      return (
                        <Table.Td
                          key={option}
                          bg={
                            option === 'lombard'
                              ? 'light-dark(var(--mantine-color-navy-0), rgba(65,109,225,0.08))'
                              : undefined
                          }
                        >
                          <Group gap="xs" wrap="nowrap" align="flex-start">
                            <ThemeIcon size={22} radius="xl" variant="light" color={good ? 'teal' : 'gray'} aria-hidden>
                              {good ? <IconCheck size={14} stroke={2.4} /> : <IconX size={14} stroke={2.4} />}
                            </ThemeIcon>
                            <Text size="sm">{t(`whyUs.compare.rows.${row}.${option}`, values)}</Text>
                          </Group>
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        </Paper>
        {/* Phones: one card per criterion, the three options one under the other. */}
        <Stack gap="md" mt={32} hiddenFrom="sm" data-testid="why-compare-cards">
          {ROWS.map((row) => (
            <Paper key={row} withBorder radius="lg" p="md">
              <Title order={3} fz="md" mb="sm">
                {t(`whyUs.compare.rows.${row}.label`)}
              </Title>
              <Stack gap="sm">
                {OPTIONS.map((option) => {
                  const good = COMPARISON[row][option];
                  return (
                    <Group key={option} gap="sm" wrap="nowrap" align="flex-start">
                      <ThemeIcon
                        size={22}
                        radius="xl"
                        variant="light"
                        color={good ? 'teal' : 'gray'}
                        aria-hidden
                        mt={2}
                      >
                        {good ? <IconCheck size={14} stroke={2.4} /> : <IconX size={14} stroke={2.4} />}
                      </ThemeIcon>
                      <div>
                        <Text
                          size="sm"
                          fw={700}
                          c={
                            option === 'lombard'
                              ? 'light-dark(var(--mantine-color-navy-7), var(--mantine-color-navy-2))'
                              : undefined
                          }
                        >
                          {t(`whyUs.compare.options.${option}`)}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {t(`whyUs.compare.rows.${row}.${option}`, values)}
                        </Text>
                      </div>
                    </Group>
                  );
                })}
              </Stack>
            </Paper>
          ))}
        </Stack>
      </Container>
      <Container size="lg" pb={{ base: 48, sm: 80 }} component="section" aria-labelledby="reasons-title">
        <SectionHeading id="reasons-title" title={t('whyUs.reasons.title')} description={t('whyUs.reasons.lead')} />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" mt={32}>
          {REASONS.map(({ key, icon: Icon }) => (
            <Paper key={key} withBorder radius="lg" p="xl">
              <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                <Icon size={24} stroke={1.6} />
              </ThemeIcon>
              <Title order={3} fz="lg" mt="md">
                {t(`whyUs.reasons.items.${key}.title`)}
              </Title>
              <Text size="sm" c="dimmed" mt={6}>
                {t(`whyUs.reasons.items.${key}.body`, values)}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
        <Group mt={40} gap="sm">
          <Button size="md" component={Link} to={LANDING_PATHS.register}>
            {t('whyUs.cta.register')}
          </Button>
          <Button size="md" variant="default" component={Link} to={LANDING_PATHS.support}>
            {t('whyUs.cta.questions')}
          </Button>
        </Group>
      </Container>
    </>
  );
}
