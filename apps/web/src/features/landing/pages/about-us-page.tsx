// About us: who we are, how we work with the partner bank, our principles and where to find us.
import { Button, Container, Grid, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconEye, IconMapPin, IconScale, IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageMeta } from '../../../lib/page-meta';
import { PageHero } from '../components/page-hero';
import { SectionHeading } from '../components/section-heading';
import { LANDING_PATHS } from '../components/site-links';
import { OFFICE } from './office';

const PRINCIPLES = [
  { key: 'transparency', icon: IconEye },
  { key: 'prudence', icon: IconScale },
  { key: 'simplicity', icon: IconSparkles },
] as const;

export function AboutUsPage() {
  const { t } = useTranslation('about');
  usePageMeta(t('aboutUs.meta.title'), t('aboutUs.meta.description'));
  const story = t('aboutUs.story.paragraphs', { returnObjects: true }) as string[];
  const model = t('aboutUs.model.paragraphs', { returnObjects: true }) as string[];
  return (
    <>
      <PageHero eyebrow={t('aboutUs.hero.eyebrow')} title={t('aboutUs.hero.title')} lead={t('aboutUs.hero.lead')} />
      <Container size="lg" py={{ base: 48, sm: 80 }}>
        <Grid gap={{ base: 32, md: 64 }}>
          <Grid.Col span={{ base: 12, md: 6 }} component="section" aria-labelledby="story-title">
            <SectionHeading id="story-title" eyebrow={t('aboutUs.story.eyebrow')} title={t('aboutUs.story.title')} />
            <Stack gap="md" mt="lg">
              {story.map((paragraph) => (
                <Text key={paragraph.slice(0, 24)} c="dimmed">
                  {paragraph}
                </Text>
              ))}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }} component="section" aria-labelledby="model-title">
            <Paper
              radius="xl"
              p={{ base: 'lg', sm: 'xl' }}
              withBorder
              bg="light-dark(var(--mantine-color-navy-0), rgba(65,109,225,0.08))"
            >
              <Title order={2} id="model-title" fz={{ base: 22, sm: 26 }}>
                {t('aboutUs.model.title')}
              </Title>
              <Stack gap="sm" mt="md">
                {model.map((paragraph) => (
                  <Text key={paragraph.slice(0, 24)} size="sm">
                    {paragraph}
                  </Text>
                ))}
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
      </Container>
      <Container size="lg" pb={{ base: 48, sm: 80 }} component="section" aria-labelledby="principles-title">
        <SectionHeading id="principles-title" title={t('aboutUs.principles.title')} align="center" />
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg" mt={32}>
          {PRINCIPLES.map(({ key, icon: Icon }) => (
            <Paper key={key} withBorder radius="lg" p="xl" ta="center">
              <ThemeIcon size={52} radius="xl" variant="light" mx="auto" aria-hidden>
                <Icon size={26} stroke={1.6} />
              </ThemeIcon>
              <Title order={3} fz="lg" mt="md">
                {t(`aboutUs.principles.items.${key}.title`)}
              </Title>
              <Text size="sm" c="dimmed" mt={6}>
                {t(`aboutUs.principles.items.${key}.body`)}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
        <Paper withBorder radius="xl" p={{ base: 'lg', sm: 'xl' }} mt={48}>
          <Group justify="space-between" gap="lg">
            <Group gap="md" wrap="nowrap">
              <ThemeIcon size={48} radius="md" aria-hidden>
                <IconMapPin size={24} />
              </ThemeIcon>
              <div>
                <Title order={2} fz="lg">
                  {t('aboutUs.visit.title')}
                </Title>
                <Text c="dimmed" size="sm">
                  {OFFICE.company} · {OFFICE.street} · {OFFICE.postCode} {OFFICE.city}
                </Text>
              </div>
            </Group>
            <Button component={Link} to={LANDING_PATHS.contact} variant="light">
              {t('aboutUs.visit.cta')}
            </Button>
          </Group>
        </Paper>
      </Container>
    </>
  );
}
