// Investment opportunities: what investing through Lombard gives, the partner bank's guarantees, a
// selection of products, and how an investment can later secure an advance.
import { DEPOSIT_GUARANTEE_EUR } from '@lombard/shared/constants';
import type { Language } from '@lombard/shared/locale';
import { Button, Container, Group, Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconBuildingBank, IconCoins, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/format';
import { usePageMeta } from '../../../lib/page-meta';
import { PageHero } from '../components/page-hero';
import { SectionHeading } from '../components/section-heading';
import { LANDING_PATHS } from '../components/site-links';
import { ProductList } from './product-list';

const PILLARS = [
  { key: 'bank', icon: IconBuildingBank },
  { key: 'protection', icon: IconShieldCheck },
  { key: 'liquidity', icon: IconCoins },
] as const;

export function InvestmentOpportunityPage() {
  const { t, i18n } = useTranslation('landing');
  const language: Language = i18n.language === 'en' ? 'en' : 'it';
  const guarantee = formatMoney(DEPOSIT_GUARANTEE_EUR, language, { cents: false });
  usePageMeta(t('opportunity.meta.title'), t('opportunity.meta.description', { amount: guarantee }));
  return (
    <>
      <PageHero
        eyebrow={t('opportunity.hero.eyebrow')}
        title={t('opportunity.hero.title')}
        lead={t('opportunity.hero.lead')}
      >
        <Group gap="sm" mt="sm">
          <Button size="md" color="yellow.4" c="#0a2350" component={Link} to={LANDING_PATHS.register}>
            {t('opportunity.hero.register')}
          </Button>
          <Button size="md" variant="white" color="navy" component={Link} to={LANDING_PATHS.products}>
            {t('opportunity.hero.products')}
          </Button>
        </Group>
      </PageHero>
      <Container size="lg" py={{ base: 48, sm: 80 }}>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {PILLARS.map(({ key, icon: Icon }) => (
            <Paper key={key} withBorder radius="lg" p="xl">
              <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                <Icon size={24} stroke={1.6} />
              </ThemeIcon>
              <Title order={2} fz="lg" mt="md">
                {t(`opportunity.pillars.${key}.title`, { amount: guarantee })}
              </Title>
              <Text size="sm" c="dimmed" mt={6}>
                {t(`opportunity.pillars.${key}.body`, { amount: guarantee })}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Container>
      <Container size="lg" pb={{ base: 48, sm: 80 }} component="section" aria-labelledby="selection-title">
        <SectionHeading
          id="selection-title"
          title={t('opportunity.selection.title')}
          description={t('opportunity.selection.lead')}
        />
        <div style={{ marginTop: 32 }}>
          <ProductList language={language} limit={3} />
        </div>
        <Button
          component={Link}
          to={LANDING_PATHS.products}
          variant="subtle"
          mt="lg"
          rightSection={<IconArrowRight size={16} aria-hidden />}
        >
          {t('opportunity.selection.all')}
        </Button>
        <Text size="xs" c="dimmed" mt="xl" maw={900}>
          {t('productsPage.disclaimer')}
        </Text>
      </Container>
    </>
  );
}
