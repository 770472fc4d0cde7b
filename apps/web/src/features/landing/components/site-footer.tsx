// The site footer: link columns of three, social links and the newsletter Sign up button from
// the global configuration, the copyright with the current year, a go-to-top button, and — in the
// customer area (`context="main"`) — the regulatory disclaimer.
import { FOOTER_LINKS_PER_COLUMN } from '@lombard/shared/constants';
import type { GlobalConfig } from '@lombard/shared/schemas/config';
import { ActionIcon, Anchor, Box, Button, Container, Divider, Grid, Group, Stack, Text, Title } from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandX,
  IconBrandYoutube,
  IconExternalLink,
  IconLink,
  IconMailFast,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo';
import { globalConfigQuery } from '../../../lib/global-config';
import { Island } from '../../../lib/islands/island';
import { FooterActions } from './footer-actions';
import { FOOTER_LINKS } from './site-links';

const SOCIAL_ICONS: Record<string, ComponentType<{ size?: number; stroke?: number }>> = {
  linkedin: IconBrandLinkedin,
  instagram: IconBrandInstagram,
  x: IconBrandX,
  twitter: IconBrandX,
  facebook: IconBrandFacebook,
  youtube: IconBrandYoutube,
};

const SOCIAL_NAMES: Record<string, string> = {
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  x: 'X',
  twitter: 'X',
  facebook: 'Facebook',
  youtube: 'YouTube',
};

function columns<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The per-locale newsletter link of newsletter_settings: `it`/`en`, or the full locale. */
export function newsletterLink(settings: GlobalConfig['newsletter_settings'] | undefined, language: string) {
  if (!settings) return null;
  const entry = settings[language] ?? settings[language === 'en' ? 'en-US' : 'it-IT'];
  return entry?.url ? entry.url : null;
}

const isExternal = (url: string) => /^https?:\/\//i.test(url);

interface Props {
  /** `landing`: public site; `main`: customer area, which adds the regulatory disclaimer. */
  context?: 'landing' | 'main';
}

export function SiteFooter({ context = 'landing' }: Props) {
  const { t, i18n } = useTranslation('landing');
  const { data: config } = useQuery(globalConfigQuery);
  const newsletter = newsletterLink(config?.newsletter_settings, i18n.language);
  const year = new Date().getFullYear();

  return (
    <Box
      component="footer"
      mt={0}
      pt={{ base: 48, sm: 64 }}
      pb="xl"
      bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))"
      style={{ borderTop: '1px solid light-dark(var(--mantine-color-gray-2), var(--mantine-color-dark-5))' }}
      data-testid="site-footer"
      data-context={context}
    >
      <Container size="lg">
        <Grid gap={{ base: 32, md: 48 }}>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md">
              <BrandLogo size={28} />
              <Text size="sm" c="dimmed" maw={300}>
                {t('footer.tagline')}
              </Text>
              {config && config.social_links.length > 0 && (
                <Group gap="xs" data-testid="footer-social">
                  {config.social_links.map((link) => {
                    const Icon = SOCIAL_ICONS[link.network] ?? IconLink;
                    const name = SOCIAL_NAMES[link.network] ?? link.network;
                    return (
                      <ActionIcon
                        key={link.url}
                        component="a"
                        href={link.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        variant="default"
                        size="lg"
                        radius="xl"
                        aria-label={t('footer.social', { network: name })}
                      >
                        <Icon size={18} stroke={1.6} />
                      </ActionIcon>
                    );
                  })}
                </Group>
              )}
            </Stack>
          </Grid.Col>
          {columns(FOOTER_LINKS, FOOTER_LINKS_PER_COLUMN).map((column, index) => (
            <Grid.Col key={column[0]?.key ?? index} span={{ base: 6, md: 2 }}>
              <Stack gap="sm" component="nav" aria-label={t(`footer.column${index + 1}`)}>
                <Title order={2} fz="sm" tt="uppercase" c="dimmed" style={{ letterSpacing: '0.06em' }}>
                  {t(`footer.column${index + 1}`)}
                </Title>
                {column.map((link) => (
                  <Anchor key={link.key} component={Link} to={link.to} c="var(--mantine-color-text)" fz="sm">
                    {t(`footer.links.${link.key}`)}
                  </Anchor>
                ))}
              </Stack>
            </Grid.Col>
          ))}
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="sm" align="flex-start">
              <Title order={2} fz="sm" tt="uppercase" c="dimmed" style={{ letterSpacing: '0.06em' }}>
                {t('footer.newsletter.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('footer.newsletter.body')}
              </Text>
              {newsletter && (
                <Button
                  component="a"
                  href={newsletter}
                  {...(isExternal(newsletter) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  variant="light"
                  leftSection={<IconMailFast size={18} aria-hidden />}
                  rightSection={isExternal(newsletter) ? <IconExternalLink size={14} aria-hidden /> : undefined}
                  data-testid="footer-newsletter"
                >
                  {t('footer.newsletter.signUp')}
                </Button>
              )}
            </Stack>
          </Grid.Col>
        </Grid>

        {context === 'main' && (
          <Text size="xs" c="dimmed" mt={40} data-testid="footer-disclaimer" maw={960}>
            {t('footer.disclaimer')}
          </Text>
        )}

        <Divider my="xl" />
        <Group justify="space-between" align="center" gap="md">
          <Stack gap={4}>
            <Text size="sm">{t('footer.copyright', { year })}</Text>
            <Text size="xs" c="dimmed">
              {t('footer.legal')}
            </Text>
          </Stack>
          <Island id="footer-actions" component={FooterActions} props={{}} />
        </Group>
      </Container>
    </Box>
  );
}
