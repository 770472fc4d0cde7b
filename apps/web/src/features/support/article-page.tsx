// One article (support/{collection}/{article}/): the sanitised body from the server, the other articles
// of the collection, and how to reach a person.
import type { Language } from '@lombard/shared/locale';
import { localeOf } from '@lombard/shared/locale';
import { Anchor, Breadcrumbs, Container, Grid, Paper, Stack, Text, Title, Typography } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageMeta } from '../../lib/page-meta';
import { plainText } from './localise';
import { NotTranslated } from './not-translated';
import { ReplyTimes } from './support-ui';
import { useLocalisedCollections } from './use-collections';

const formatUpdated = (iso: string, language: Language) =>
  new Intl.DateTimeFormat(localeOf(language), { day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    new Date(iso),
  );

export function ArticlePage() {
  const { t } = useTranslation('support');
  const params = useParams();
  const { collections, language } = useLocalisedCollections();
  const collection = collections.find((c) => c.slug === params.collection);
  const article = collection?.articles.find((a) => a.slug === params.article);
  // The description search engines show: the article's opening, not just its one-line summary.
  const summary = article ? plainText(article.body).slice(0, 155) : '';
  usePageMeta(article ? `${article.title} — Lombard` : t('meta.title'), summary || t('meta.description'));
  if (!collection || !article) return <NotTranslated />;
  const others = collection.articles.filter((a) => a.id !== article.id);
  return (
    <Container size="lg" py={{ base: 32, sm: 56 }}>
      <Breadcrumbs separator={<IconChevronRight size={14} aria-hidden />} mb="xl" aria-label={t('breadcrumbs')}>
        <Anchor component={Link} to="/support/" size="sm">
          {t('eyebrow')}
        </Anchor>
        <Anchor component={Link} to={`/support/${collection.slug}/`} size="sm">
          {collection.name}
        </Anchor>
        {/* The page's own title is the heading just below; phones keep the trail to one line. */}
        <Text size="sm" aria-current="page" lineClamp={1} visibleFrom="sm">
          {article.title}
        </Text>
      </Breadcrumbs>
      <Grid gap={{ base: 32, md: 56 }}>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="sm" component="article" aria-labelledby="article-title">
            <Title order={1} id="article-title" fz={{ base: 28, sm: 36 }} lh={1.2} data-testid="support-article-title">
              {article.title}
            </Title>
            {article.description && (
              <Text size="lg" c="dimmed">
                {article.description}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {t('article.updated', { date: formatUpdated(article.updatedAt, language) })}
            </Text>
            <Typography mt="md" data-testid="support-article-body">
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: article bodies are rich text by design, sanitised by the server (sanitize-html: allow-listed tags, no attributes but link targets, no scripts or styles). */}
              <div dangerouslySetInnerHTML={{ __html: article.body }} />
            </Typography>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            {others.length > 0 && (
              <Paper withBorder radius="lg" p="lg" component="nav" aria-labelledby="related-title">
                <Title order={2} fz="md" id="related-title" mb="sm">
                  {t('article.related', { name: collection.name })}
                </Title>
                <Stack gap={8}>
                  {others.map((other) => (
                    <Anchor key={other.id} component={Link} to={`/support/${collection.slug}/${other.slug}/`} size="sm">
                      {other.title}
                    </Anchor>
                  ))}
                </Stack>
              </Paper>
            )}
            <ReplyTimes />
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
