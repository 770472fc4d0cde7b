// Contact: the form, the office's address, and a map. With a tile server configured the map
// is Leaflet (loaded only then); otherwise the bundled drawing, so nothing is fetched from elsewhere.
import { SUPPORT_REPLY_HOURS_WEEKDAY, SUPPORT_REPLY_HOURS_WEEKEND } from '@lombard/shared/constants';
import { Anchor, Box, Container, Grid, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClock, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { globalConfigQuery } from '../../../lib/global-config';
import { lazyComponent } from '../../../lib/lazy-component';
import { usePageMeta } from '../../../lib/page-meta';
import { PageHero } from '../components/page-hero';
import { ContactForm } from './contact-form';
import { OFFICE } from './office';
import { OfficeMap } from './office-map';

const LeafletMap = lazyComponent('leaflet-map', () => import('./leaflet-map').then((m) => m.LeafletMap));

export function ContactPage() {
  const { t } = useTranslation('contact');
  usePageMeta(t('meta.title'), t('meta.description', { hours: SUPPORT_REPLY_HOURS_WEEKDAY }));
  const { data: config } = useQuery(globalConfigQuery);
  const tileUrl = config?.map.tile_url ?? null;
  const mapTitle = t('office.mapTitle', { address: `${OFFICE.street}, ${OFFICE.postCode} ${OFFICE.city}` });

  return (
    <>
      <PageHero eyebrow={t('hero.eyebrow')} title={t('hero.title')} lead={t('hero.lead')}>
        <Group gap="sm" mt="xs">
          {[
            t('hero.weekday', { hours: SUPPORT_REPLY_HOURS_WEEKDAY }),
            t('hero.weekend', { hours: SUPPORT_REPLY_HOURS_WEEKEND }),
          ].map((text) => (
            <Group
              key={text}
              gap={8}
              wrap="nowrap"
              px="md"
              py={6}
              style={{
                borderRadius: 999,
                background: 'rgba(255,255,255,0.12)',
                border: '1px solid rgba(255,255,255,0.2)',
              }}
            >
              <IconClock size={16} aria-hidden />
              <Text size="sm" fw={600}>
                {text}
              </Text>
            </Group>
          ))}
        </Group>
      </PageHero>
      <Container size="lg" py={{ base: 40, sm: 72 }}>
        <Grid gap={{ base: 32, md: 48 }}>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper
              withBorder
              radius="xl"
              p={{ base: 'lg', sm: 32 }}
              component="section"
              aria-labelledby="contact-form-title"
            >
              <Title order={2} id="contact-form-title" fz={{ base: 22, sm: 26 }} mb={4}>
                {t('form.title')}
              </Title>
              <Text c="dimmed" mb="lg">
                {t('form.lead')}
              </Text>
              <ContactForm />
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg" component="section" aria-labelledby="office-title">
              <Paper withBorder radius="xl" p={{ base: 'lg', sm: 'xl' }}>
                <Title order={2} id="office-title" fz={{ base: 22, sm: 26 }} mb="md">
                  {t('office.title')}
                </Title>
                <Stack gap="md" component="address" style={{ fontStyle: 'normal' }} data-testid="office-address">
                  <Row icon={IconMapPin} label={t('office.address')}>
                    <Text fw={600}>{OFFICE.company}</Text>
                    <Text>{OFFICE.street}</Text>
                    <Text>
                      {OFFICE.postCode} {OFFICE.city} ({OFFICE.province}), {t('office.country')}
                    </Text>
                  </Row>
                  <Row icon={IconPhone} label={t('office.phone')}>
                    <Anchor href={`tel:${OFFICE.phone.replace(/\s/g, '')}`}>{OFFICE.phone}</Anchor>
                  </Row>
                  {config?.support_email && (
                    <Row icon={IconMail} label={t('office.email')}>
                      <Anchor href={`mailto:${config.support_email}`}>{config.support_email}</Anchor>
                    </Row>
                  )}
                  <Row icon={IconClock} label={t('office.hours')}>
                    <Text>{t('office.hoursValue')}</Text>
                  </Row>
                </Stack>
              </Paper>
              <Box>
                {tileUrl ? (
                  <Suspense fallback={<Skeleton h={360} radius="lg" />}>
                    <LeafletMap tileUrl={tileUrl} attribution={config?.map.attribution ?? null} title={mapTitle} />
                  </Suspense>
                ) : (
                  <OfficeMap title={mapTitle} />
                )}
                <Text size="xs" c="dimmed" mt="xs">
                  {t('office.directions')}
                </Text>
              </Box>
            </Stack>
          </Grid.Col>
        </Grid>
      </Container>
    </>
  );
}

function Row({ icon: Icon, label, children }: { icon: typeof IconMail; label: string; children: ReactNode }) {
  return (
    <Group gap="md" wrap="nowrap" align="flex-start">
      <ThemeIcon size={36} radius="md" variant="light" aria-hidden>
        <Icon size={18} stroke={1.7} />
      </ThemeIcon>
      <div>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: '0.04em' }}>
          {label}
        </Text>
        {children}
      </div>
    </Group>
  );
}
