// Terms and conditions, privacy policy and cookie policy: one layout (title, last update, contents,
// numbered sections) fed by the `legal` catalogue of each language.
import type { Language } from '@lombard/shared/locale';
import { Anchor, Box, Button, Container, Grid, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconCookie } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { openCookiePreferences } from '../../../lib/consent';
import { formatDate } from '../../../lib/format';
import { usePageMeta } from '../../../lib/page-meta';
import { TableScroll } from '../../../lib/table-scroll';
import { PageHero } from '../components/page-hero';

interface LegalSection {
  id: string;
  heading: string;
  paragraphs?: string[];
  bullets?: string[];
}

interface CookieRow {
  name: string;
  category: string;
  purpose: string;
  duration: string;
}

type Document = 'terms' | 'privacy' | 'cookies';

function LegalDocument({ document, extra }: { document: Document; extra?: ReactNode }) {
  const { t, i18n } = useTranslation('legal');
  const language: Language = i18n.language === 'en' ? 'en' : 'it';
  usePageMeta(t(`${document}.meta.title`), t(`${document}.meta.description`));
  const sections = t(`${document}.sections`, { returnObjects: true }) as LegalSection[];
  return (
    <>
      <PageHero
        eyebrow={t('eyebrow')}
        title={t(`${document}.title`)}
        lead={t('updated', { date: formatDate(t(`${document}.updated`), language) })}
      />
      <Container size="lg" py={{ base: 40, sm: 64 }}>
        <Grid gap={{ base: 32, md: 56 }}>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper
              withBorder
              radius="lg"
              p="lg"
              component="nav"
              aria-labelledby="legal-contents"
              style={{ position: 'sticky', top: 88 }}
            >
              <Text id="legal-contents" fw={700} mb="sm">
                {t('contents')}
              </Text>
              <Stack gap={6}>
                {sections.map((section) => (
                  <Anchor key={section.id} href={`#${section.id}`} size="sm" c="var(--mantine-color-text)">
                    {section.heading}
                  </Anchor>
                ))}
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="xl" maw={760} data-testid="legal-document">
              <Text size="lg">{t(`${document}.intro`)}</Text>
              {extra}
              {sections.map((section) => (
                <Box
                  component="section"
                  key={section.id}
                  id={section.id}
                  aria-labelledby={`${section.id}-title`}
                  style={{ scrollMarginTop: 88 }}
                >
                  <Title order={2} id={`${section.id}-title`} fz={{ base: 20, sm: 24 }} mb="sm">
                    {section.heading}
                  </Title>
                  <Stack gap="sm">
                    {section.paragraphs?.map((paragraph) => (
                      <Text
                        key={paragraph.slice(0, 32)}
                        c="light-dark(var(--mantine-color-gray-8), var(--mantine-color-dark-0))"
                      >
                        {paragraph}
                      </Text>
                    ))}
                    {section.bullets && (
                      <List spacing={6} withPadding>
                        {section.bullets.map((bullet) => (
                          <List.Item key={bullet.slice(0, 32)}>{bullet}</List.Item>
                        ))}
                      </List>
                    )}
                  </Stack>
                </Box>
              ))}
            </Stack>
          </Grid.Col>
        </Grid>
      </Container>
    </>
  );
}

export function TermsPage() {
  return <LegalDocument document="terms" />;
}

export function PrivacyPolicyPage() {
  return <LegalDocument document="privacy" />;
}

function CookieTable() {
  const { t } = useTranslation('legal');
  const rows = t('cookies.table.rows', { returnObjects: true }) as CookieRow[];
  return (
    <Paper withBorder radius="lg" p="lg">
      {/* Phones: one block per cookie instead of a four-column table. */}
      <Stack gap="md" hiddenFrom="sm" component="dl" m={0}>
        {rows.map((row) => (
          <div key={row.name}>
            <Text component="dt" ff="monospace" fw={700} size="sm">
              {row.name}
            </Text>
            <Text component="dd" m={0} size="sm">
              {row.category} · {row.duration}
            </Text>
            <Text component="dd" m={0} size="sm" c="dimmed">
              {row.purpose}
            </Text>
          </div>
        ))}
      </Stack>
      <TableScroll minWidth={560} visibleFrom="sm">
        <Table verticalSpacing="sm" data-testid="cookie-table">
          <Table.Caption>{t('cookies.table.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('cookies.table.name')}</Table.Th>
              <Table.Th scope="col">{t('cookies.table.category')}</Table.Th>
              <Table.Th scope="col">{t('cookies.table.purpose')}</Table.Th>
              <Table.Th scope="col">{t('cookies.table.duration')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.name}>
                <Table.Td>
                  <Text component="code" size="sm" ff="monospace">
                    {row.name}
                  </Text>
                </Table.Td>
                <Table.Td>{row.category}</Table.Td>
                <Table.Td>{row.purpose}</Table.Td>
                <Table.Td>{row.duration}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      <Button
        mt="md"
        variant="light"
        leftSection={<IconCookie size={18} aria-hidden />}
        onClick={openCookiePreferences}
        data-testid="cookie-policy-preferences"
      >
        {t('cookies.preferences')}
      </Button>
    </Paper>
  );
}

export function CookiePolicyPage() {
  return <LegalDocument document="cookies" extra={<CookieTable />} />;
}
