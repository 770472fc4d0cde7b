// One screen for every partner company: the partner's name and logo, the offer on its employees'
// stock units, and a sign-up that records the partner as the referral (for a signed-in customer, the
// registration of their stock plan with this partner).
import { MAX_ADVANCE_MATURITY_YEARS } from '@lombard/shared/constants';
import { type Language, localeOf } from '@lombard/shared/locale';
import {
  Anchor,
  Box,
  Container,
  Grid,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconFileDownload, IconLock, IconReportMoney, IconSignature, IconUserPlus } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CreditAdvertising } from '../../components/credit-advertising';
import { useAdvanceTerms } from '../../lib/global-config';
import { usePageMeta } from '../../lib/page-meta';
import { logoDataUrl, partnerQuery } from './api';
import { PartnerCall } from './partner-call';

const money = (value: string | number, language: Language) =>
  new Intl.NumberFormat(localeOf(language), {
    style: 'currency',
    currency: 'EUR',
    useGrouping: 'always',
    maximumFractionDigits: 0,
  }).format(value as number);

const percent = (fraction: string, language: Language) =>
  new Intl.NumberFormat(localeOf(language), { style: 'percent', maximumFractionDigits: 0 }).format(
    fraction as unknown as number,
  );

/** Stock units worth this much, in the example. */
const EXAMPLE_VALUE_EUR = 40_000;

/** value × LTV in whole euros, with integers only: LTV "0.4500" is 4500 basis points. */
function advanceFor(valueEur: number, loanToValue: string): number {
  const basisPoints = Number(loanToValue.replace('.', '').padEnd(5, '0').slice(0, 5));
  return Math.floor((valueEur * basisPoints) / 10_000);
}

const STEPS = [
  { key: 'register', icon: IconUserPlus },
  { key: 'verify', icon: IconLock },
  { key: 'request', icon: IconSignature },
  { key: 'receive', icon: IconReportMoney },
] as const;

export function PartnerPage() {
  const terms = useAdvanceTerms();
  const { t, i18n } = useTranslation('partners');
  const language: Language = i18n.language === 'en' ? 'en' : 'it';
  const { partner: slug = '' } = useParams();
  const { data: partner } = useSuspenseQuery(partnerQuery(slug, language));
  usePageMeta(
    t('meta.title', { name: partner.name }),
    t('meta.description', { name: partner.name, offer: partner.offer }),
  );
  const ltv = percent(partner.loan_to_value, language);
  const facts = [
    { value: t('facts.ltv.value', { ltv }), label: t('facts.ltv.label') },
    {
      value: t('facts.minimum.value', { amount: money(terms.minimum, language) }),
      label: t('facts.minimum.label'),
    },
    { value: t('facts.maturity.value', { years: MAX_ADVANCE_MATURITY_YEARS }), label: t('facts.maturity.label') },
    { value: t('facts.payout.value', { hours: terms.payoutHours }), label: t('facts.payout.label') },
  ];

  return (
    <>
      <Box
        component="section"
        c="white"
        py={{ base: 40, sm: 72 }}
        style={{
          background: 'linear-gradient(160deg, #041636 0%, #0a3480 60%, #0b3d91 100%)',
          borderTop: `6px solid ${partner.brand_color}`,
        }}
        data-testid="partner-hero"
      >
        <Container size="lg">
          <Grid gap={{ base: 32, md: 64 }} align="center">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Stack gap="lg">
                <Group gap="md" wrap="nowrap">
                  <Paper radius="lg" p={6} bg="white" style={{ lineHeight: 0 }}>
                    <Image
                      src={logoDataUrl(partner.logo_svg)}
                      alt={t('logoAlt', { name: partner.name })}
                      w={56}
                      h={56}
                      width={56}
                      height={56}
                      data-testid="partner-logo"
                    />
                  </Paper>
                  <div>
                    <Text size="sm" c="rgba(255,255,255,0.75)">
                      {t('hero.for')}
                    </Text>
                    <Text fw={800} fz="xl" data-testid="partner-name">
                      {partner.name}
                    </Text>
                  </div>
                </Group>
                <Title order={1} fz={{ base: 32, sm: 46 }} lh={1.1} style={{ letterSpacing: '-0.02em' }}>
                  {partner.headline}
                </Title>
                <Text fz={{ base: 'md', sm: 'lg' }} c="rgba(255,255,255,0.88)" maw={620}>
                  {partner.offer}
                </Text>
                <PartnerCall partner={partner} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <SimpleGrid cols={2} spacing="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {facts.map((fact) => (
                  <Box
                    component="li"
                    key={fact.label}
                    p="md"
                    style={{
                      borderRadius: 14,
                      background: 'rgba(255,255,255,0.08)',
                      border: '1px solid rgba(255,255,255,0.16)',
                    }}
                  >
                    <Text fw={800} fz={{ base: 'lg', sm: 'xl' }}>
                      {fact.value}
                    </Text>
                    <Text size="sm" c="rgba(255,255,255,0.78)">
                      {fact.label}
                    </Text>
                  </Box>
                ))}
              </SimpleGrid>
            </Grid.Col>
          </Grid>
        </Container>
      </Box>

      <Container size="lg" py={{ base: 48, sm: 80 }} component="section" aria-labelledby="partner-how-title">
        <Title order={2} id="partner-how-title" fz={{ base: 26, sm: 34 }}>
          {t('how.title', { name: partner.name })}
        </Title>
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 4 }}
          spacing="lg"
          mt={32}
          component="ol"
          style={{ listStyle: 'none', padding: 0 }}
        >
          {STEPS.map(({ key, icon: Icon }) => (
            <Paper component="li" key={key} withBorder radius="lg" p="xl">
              <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                <Icon size={24} stroke={1.6} />
              </ThemeIcon>
              <Title order={3} fz="lg" mt="md">
                {t(`how.steps.${key}.title`)}
              </Title>
              <Text size="sm" c="dimmed" mt={6}>
                {t(`how.steps.${key}.body`, { name: partner.name, hours: terms.payoutHours })}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Container>

      <Container size="lg" pb={{ base: 48, sm: 80 }}>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper
              withBorder
              radius="xl"
              p={{ base: 'lg', sm: 'xl' }}
              h="100%"
              bg="light-dark(var(--mantine-color-navy-0), rgba(65,109,225,0.08))"
            >
              <Title order={2} fz="xl">
                {t('example.title')}
              </Title>
              <Text mt="sm" data-testid="partner-example">
                {t('example.body', {
                  value: money(EXAMPLE_VALUE_EUR, language),
                  name: partner.name,
                  ltv,
                  advance: money(advanceFor(EXAMPLE_VALUE_EUR, partner.loan_to_value), language),
                })}
              </Text>
              <Text size="sm" c="dimmed" mt="sm">
                {t('example.note')}
              </Text>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Paper withBorder radius="xl" p={{ base: 'lg', sm: 'xl' }} h="100%">
              <Title order={2} fz="xl">
                {t('questions.title')}
              </Title>
              <Stack gap={6} mt="sm">
                <Anchor
                  href={`/api/v1/public/pledge-document/?language=${language}`}
                  download={`lombard-pledge-${language}.pdf`}
                >
                  <Group gap={6} component="span">
                    <IconFileDownload size={16} aria-hidden />
                    {t('questions.pledge')}
                  </Group>
                </Anchor>
                <Anchor component={Link} to="/support/">
                  {t('questions.support')}
                </Anchor>
                <Anchor component={Link} to="/contact/">
                  {t('questions.contact')}
                </Anchor>
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
        {/* The page advertises credit (an advance on the units): the directive's warning and example. */}
        <Box mt="lg">
          <CreditAdvertising language={language} />
        </Box>
      </Container>
    </>
  );
}
