// The first screen, the offer in brief: minimum 5,000, up to 10 years, quarterly interest, funds within
// 48 hours; the calculator one click away; register or log in. Plain text and CSS only, so that the
// largest paint is this heading and nothing waits for another chunk.
import { MAX_ADVANCE_MATURITY_YEARS } from '@lombard/shared/constants';
import type { Language } from '@lombard/shared/locale';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Container,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconCalendarTime,
  IconCoinEuro,
  IconLock,
  IconRosetteDiscountCheck,
  IconRotateClockwise,
  IconTrendingUp,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useAdvanceTerms } from '../../../lib/global-config';
import { Island } from '../../../lib/islands/island';
import { LANDING_PATHS } from '../components/site-links';
import { HeroCalculate } from './hero-calculate';

export function HomeHero() {
  const terms = useAdvanceTerms();
  const { t, i18n } = useTranslation('landing');
  const language: Language = i18n.language === 'en' ? 'en' : 'it';
  const facts = [
    {
      icon: IconCoinEuro,
      value: t('home.hero.facts.minimum.value', {
        amount: formatMoney(terms.minimum, language, { cents: false }),
      }),
      label: t('home.hero.facts.minimum.label'),
    },
    {
      icon: IconCalendarTime,
      value: t('home.hero.facts.maturity.value', { count: MAX_ADVANCE_MATURITY_YEARS }),
      label: t('home.hero.facts.maturity.label'),
    },
    {
      icon: IconRotateClockwise,
      value: t('home.hero.facts.interest.value'),
      label: t('home.hero.facts.interest.label'),
    },
    {
      icon: IconRosetteDiscountCheck,
      value: t('home.hero.facts.payout.value', { count: terms.payoutHours }),
      label: t('home.hero.facts.payout.label'),
    },
  ];
  return (
    <Box
      component="section"
      aria-labelledby="home-hero-title"
      c="white"
      pt={{ base: 40, sm: 72 }}
      pb={{ base: 48, sm: 88 }}
      style={{
        background:
          'radial-gradient(1200px 500px at 85% 0%, rgba(65,109,225,0.55), transparent 60%), linear-gradient(160deg, #041636 0%, #0a3480 55%, #0b3d91 100%)',
      }}
    >
      <Container size="lg">
        <Grid gap={{ base: 40, md: 64 }} align="center">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <Badge
                size="lg"
                radius="xl"
                variant="light"
                color="yellow"
                // On the narrowest phones the label wraps instead of being cut with an ellipsis.
                h="auto"
                py={6}
                styles={{ label: { whiteSpace: 'normal', lineHeight: 1.4 } }}
                style={{ alignSelf: 'flex-start', color: '#f6d27a', background: 'rgba(242,193,78,0.14)' }}
              >
                {t('home.hero.eyebrow')}
              </Badge>
              <Title
                id="home-hero-title"
                order={1}
                fz={{ base: 34, sm: 52 }}
                lh={1.08}
                style={{ letterSpacing: '-0.025em' }}
              >
                {t('home.hero.title')}
              </Title>
              <Text fz={{ base: 'md', sm: 'xl' }} c="rgba(255,255,255,0.88)" maw={620}>
                {t('home.hero.subtitle', {
                  amount: formatMoney(terms.minimum, language, { cents: false }),
                  years: MAX_ADVANCE_MATURITY_YEARS,
                  hours: terms.payoutHours,
                })}
              </Text>
              <Group gap="sm" mt={4}>
                <Island id="hero-calculate" component={HeroCalculate} props={{}} />
                <Button
                  size="lg"
                  variant="white"
                  color="navy"
                  component={Link}
                  to={LANDING_PATHS.register}
                  data-testid="hero-register"
                >
                  {t('home.hero.register')}
                </Button>
              </Group>
              <Text size="sm" c="rgba(255,255,255,0.8)">
                {t('home.hero.loginPrompt')}{' '}
                <Anchor
                  component={Link}
                  to={LANDING_PATHS.login}
                  c="white"
                  fw={700}
                  underline="always"
                  data-testid="hero-login"
                >
                  {t('home.hero.login')}
                </Anchor>
              </Text>
            </Stack>
          </Grid.Col>
          {/* For wide screens only; CSS hides it below, so the server's HTML fits every screen. */}
          <Grid.Col span={{ base: 12, md: 5 }} visibleFrom="md">
            <HeroVisual language={language} />
          </Grid.Col>
        </Grid>
        <SimpleGrid
          cols={{ base: 2, md: 4 }}
          spacing={{ base: 'sm', sm: 'lg' }}
          mt={{ base: 40, sm: 64 }}
          component="ul"
          style={{ listStyle: 'none', padding: 0 }}
        >
          {facts.map(({ icon: Icon, value, label }) => (
            <Box
              component="li"
              key={label}
              p={{ base: 'sm', sm: 'md' }}
              style={{
                borderRadius: 14,
                background: 'rgba(255,255,255,0.07)',
                border: '1px solid rgba(255,255,255,0.14)',
              }}
            >
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon
                  size={38}
                  radius="md"
                  variant="light"
                  color="yellow"
                  style={{ background: 'rgba(242,193,78,0.16)', color: '#f6d27a' }}
                  aria-hidden
                >
                  <Icon size={20} stroke={1.7} />
                </ThemeIcon>
                <div>
                  <Text fw={800} fz={{ base: 'md', sm: 'xl' }} lh={1.2}>
                    {value}
                  </Text>
                  <Text size="sm" c="rgba(255,255,255,0.78)">
                    {label}
                  </Text>
                </div>
              </Group>
            </Box>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

/** Two overlapping cards: the portfolio stays invested, the cash arrives. Figures are an example. */
function HeroVisual({ language }: { language: Language }) {
  const terms = useAdvanceTerms();
  const { t } = useTranslation('landing');
  return (
    <Box pos="relative" h={340} aria-hidden>
      <Paper
        radius="lg"
        p="lg"
        shadow="xl"
        pos="absolute"
        top={0}
        left={0}
        right={48}
        style={{ background: '#ffffff', color: '#0f1b33' }}
      >
        <Group justify="space-between" mb="xs">
          <Text size="sm" fw={600} c="#4a5670">
            {t('home.hero.visual.portfolio')}
          </Text>
          <Group gap={4}>
            <IconLock size={14} color="#0b3d91" />
            <Text size="xs" fw={700} c="#0b3d91">
              {t('home.hero.visual.pledged')}
            </Text>
          </Group>
        </Group>
        <Text fz={30} fw={800} style={{ letterSpacing: '-0.02em' }}>
          {formatMoney('100000', language, { cents: false })}
        </Text>
        <Group gap={4} mb="sm">
          <IconTrendingUp size={16} color="#237032" />
          <Text size="sm" fw={600} c="#237032">
            {t('home.hero.visual.invested')}
          </Text>
        </Group>
        <svg viewBox="0 0 300 80" width="100%" height="80" role="presentation">
          <defs>
            <linearGradient id="hero-spark" x1="0" x2="0" y1="0" y2="1">
              <stop offset="0%" stopColor="#416de1" stopOpacity="0.35" />
              <stop offset="100%" stopColor="#416de1" stopOpacity="0" />
            </linearGradient>
          </defs>
          <path
            d="M0 62 L30 58 L60 60 L90 48 L120 52 L150 40 L180 43 L210 30 L240 34 L270 20 L300 14 L300 80 L0 80 Z"
            fill="url(#hero-spark)"
          />
          <path
            d="M0 62 L30 58 L60 60 L90 48 L120 52 L150 40 L180 43 L210 30 L240 34 L270 20 L300 14"
            fill="none"
            stroke="#194ddc"
            strokeWidth="2.5"
            strokeLinejoin="round"
          />
        </svg>
      </Paper>
      <Paper
        radius="lg"
        p="lg"
        shadow="xl"
        pos="absolute"
        bottom={0}
        right={0}
        w="72%"
        style={{ background: '#0f2a5c', border: '1px solid rgba(255,255,255,0.16)', color: '#fff' }}
      >
        <Text size="sm" c="rgba(255,255,255,0.75)">
          {t('home.hero.visual.advance')}
        </Text>
        <Text fz={28} fw={800} style={{ letterSpacing: '-0.02em' }}>
          {formatMoney('70000', language, { cents: false })}
        </Text>
        <Group gap={6} mt={4}>
          <ThemeIcon size={20} radius="xl" color="teal" variant="filled">
            <IconRosetteDiscountCheck size={14} />
          </ThemeIcon>
          <Text size="sm" fw={600}>
            {t('home.hero.visual.credited', { count: terms.payoutHours })}
          </Text>
        </Group>
        <Text size="xs" c="rgba(255,255,255,0.6)" mt="xs">
          {t('home.hero.visual.note', { number: formatNumber(70, language) })}
        </Text>
      </Paper>
    </Box>
  );
}
