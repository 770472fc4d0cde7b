// The home page below the first screen: how it works, why pledge, the partner bank's guarantees, the
// pledge document and a closing call to sign up. Static copy; figures from the shared constants.
import { DEPOSIT_GUARANTEE_EUR, MAX_ADVANCE_MATURITY_YEARS } from '@lombard/shared/constants';
import type { Language } from '@lombard/shared/locale';
import {
  Box,
  Button,
  Container,
  Flex,
  Grid,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconBuildingBank,
  IconCheck,
  IconFileDownload,
  IconPigMoney,
  IconShieldCheck,
  IconSignature,
  IconUserCheck,
  IconWallet,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/format';
import { useAdvanceTerms } from '../../../lib/global-config';
import { SectionHeading } from '../components/section-heading';
import { LANDING_PATHS, pledgeDocumentUrl } from '../components/site-links';

export function HowItWorks() {
  const terms = useAdvanceTerms();
  const { t } = useTranslation('landing');
  const steps = [
    { icon: IconUserCheck, key: 'account' },
    { icon: IconWallet, key: 'collateral' },
    { icon: IconSignature, key: 'sign' },
    { icon: IconPigMoney, key: 'funds' },
  ] as const;
  return (
    <Container size="lg" py={{ base: 56, sm: 88 }} component="section" aria-labelledby="how-title">
      <SectionHeading
        id="how-title"
        eyebrow={t('home.how.eyebrow')}
        title={t('home.how.title')}
        description={t('home.how.lead')}
        align="center"
      />
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 4 }}
        spacing="lg"
        mt={48}
        component="ol"
        style={{ listStyle: 'none', padding: 0 }}
      >
        {steps.map(({ icon: Icon, key }, index) => (
          <Paper component="li" key={key} withBorder radius="lg" p="xl" pos="relative">
            <Text
              pos="absolute"
              top={16}
              right={20}
              fz={40}
              fw={800}
              c="light-dark(var(--mantine-color-gray-2), var(--mantine-color-dark-5))"
              aria-hidden
            >
              {index + 1}
            </Text>
            <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
              <Icon size={26} stroke={1.6} />
            </ThemeIcon>
            <Title order={3} fz="lg" mt="md">
              {t(`home.how.steps.${key}.title`)}
            </Title>
            <Text size="sm" c="dimmed" mt={6}>
              {t(`home.how.steps.${key}.body`, { hours: terms.payoutHours })}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Container>
  );
}

export function WhyPledge({ language }: { language: Language }) {
  const terms = useAdvanceTerms();
  const { t } = useTranslation('landing');
  const points = ['keep', 'check', 'interest', 'repay'] as const;
  return (
    <Box
      component="section"
      aria-labelledby="why-pledge-title"
      bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))"
      py={{ base: 56, sm: 88 }}
    >
      <Container size="lg">
        <Grid gap={{ base: 32, md: 64 }} align="center">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <SectionHeading
              id="why-pledge-title"
              eyebrow={t('home.why.eyebrow')}
              title={t('home.why.title')}
              description={t('home.why.lead', { years: MAX_ADVANCE_MATURITY_YEARS })}
            />
            <Button component={Link} to={LANDING_PATHS.whyUs} variant="default" mt="xl">
              {t('home.why.more')}
            </Button>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              {points.map((key) => (
                <Paper key={key} radius="lg" p="lg" withBorder>
                  <ThemeIcon size={32} radius="xl" color="teal" variant="light" aria-hidden>
                    <IconCheck size={18} stroke={2.2} />
                  </ThemeIcon>
                  <Title order={3} fz="md" mt="sm">
                    {t(`home.why.points.${key}.title`)}
                  </Title>
                  <Text size="sm" c="dimmed" mt={4}>
                    {t(`home.why.points.${key}.body`, {
                      amount: formatMoney(terms.minimum, language, { cents: false }),
                    })}
                  </Text>
                </Paper>
              ))}
            </SimpleGrid>
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}

export function Guarantees({ language }: { language: Language }) {
  const { t } = useTranslation('landing');
  const guarantee = formatMoney(DEPOSIT_GUARANTEE_EUR, language, { cents: false });
  return (
    <Container size="lg" py={{ base: 56, sm: 88 }} component="section" aria-labelledby="guarantees-title">
      <Grid gap={{ base: 32, md: 48 }}>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <SectionHeading
            id="guarantees-title"
            eyebrow={t('home.guarantees.eyebrow')}
            title={t('home.guarantees.title')}
            description={t('home.guarantees.lead')}
          />
          <List
            spacing="md"
            mt="xl"
            icon={
              <ThemeIcon size={28} radius="xl" variant="light" aria-hidden>
                <IconShieldCheck size={16} />
              </ThemeIcon>
            }
          >
            <List.Item>
              <Text fw={700}>{t('home.guarantees.bank.title')}</Text>
              <Text size="sm" c="dimmed">
                {t('home.guarantees.bank.body')}
              </Text>
            </List.Item>
            <List.Item>
              <Text fw={700}>{t('home.guarantees.protection.title')}</Text>
              <Text size="sm" c="dimmed">
                {t('home.guarantees.protection.body')}
              </Text>
            </List.Item>
            <List.Item>
              <Text fw={700}>{t('home.guarantees.deposit.title', { amount: guarantee })}</Text>
              <Text size="sm" c="dimmed">
                {t('home.guarantees.deposit.body', { amount: guarantee })}
              </Text>
            </List.Item>
          </List>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper
            radius="xl"
            p={{ base: 'lg', sm: 'xl' }}
            h="100%"
            style={{ background: 'linear-gradient(160deg, #041636 0%, #0b3d91 100%)', color: '#fff' }}
          >
            <Stack gap="md" h="100%" justify="space-between">
              <div>
                <ThemeIcon size={48} radius="md" variant="light" color="yellow" aria-hidden>
                  <IconFileDownload size={26} stroke={1.6} />
                </ThemeIcon>
                <Title order={3} fz="xl" mt="md">
                  {t('home.pledge.title')}
                </Title>
                <Text c="rgba(255,255,255,0.82)" mt="xs">
                  {t('home.pledge.body')}
                </Text>
              </div>
              <Group gap="sm">
                <Button
                  component="a"
                  href={pledgeDocumentUrl(language)}
                  download={`lombard-pledge-${language}.pdf`}
                  color="yellow.4"
                  c="#0a2350"
                  leftSection={<IconFileDownload size={18} aria-hidden />}
                  data-testid="pledge-download"
                >
                  {t('home.pledge.download')}
                </Button>
                <Text size="xs" c="rgba(255,255,255,0.7)">
                  {t('home.pledge.format')}
                </Text>
              </Group>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Container>
  );
}

export function ClosingCta() {
  const { t } = useTranslation('landing');
  return (
    <Container size="lg" pb={{ base: 56, sm: 88 }} component="section" aria-labelledby="closing-title">
      <Paper
        radius="xl"
        p={{ base: 'xl', sm: 48 }}
        withBorder
        bg="light-dark(var(--mantine-color-navy-0), rgba(65, 109, 225, 0.1))"
      >
        <Grid align="center" gap="xl">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Group gap="md" wrap="nowrap" align="flex-start">
              <ThemeIcon size={52} radius="md" variant="filled" aria-hidden visibleFrom="sm">
                <IconBuildingBank size={28} stroke={1.6} />
              </ThemeIcon>
              <div>
                <Title id="closing-title" order={2} fz={{ base: 24, sm: 30 }}>
                  {t('home.closing.title')}
                </Title>
                <Text c="dimmed" mt={6}>
                  {t('home.closing.body')}
                </Text>
              </div>
            </Group>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Flex justify={{ base: 'flex-start', md: 'flex-end' }} gap="sm" wrap="wrap">
              <Button size="md" component={Link} to={LANDING_PATHS.register}>
                {t('home.closing.register')}
              </Button>
              <Button size="md" variant="default" component={Link} to={LANDING_PATHS.login}>
                {t('home.closing.login')}
              </Button>
            </Flex>
          </Grid.Col>
        </Grid>
      </Paper>
    </Container>
  );
}
