// One collection's articles (support/{collection}/).
import { Anchor, Breadcrumbs, Card, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageMeta } from '../../lib/page-meta';
import { NotTranslated } from './not-translated';
import { CollectionIcon, ReplyTimes, SupportHero } from './support-ui';
import { useLocalisedCollections } from './use-collections';

export function CollectionPage() {
  const { t } = useTranslation('support');
  const { collection: slug } = useParams();
  const { collections } = useLocalisedCollections();
  const collection = collections.find((c) => c.slug === slug);
  usePageMeta(
    collection ? t('collection.metaTitle', { name: collection.name }) : t('meta.title'),
    collection?.description ?? t('meta.description'),
  );
  // The visitor switched language and this collection has no translation in the new one.
  if (!collection) return <NotTranslated />;
  return (
    <>
      <SupportHero title={collection.name} lead={collection.description} />
      <Container size="lg" py={{ base: 32, sm: 56 }}>
        <Breadcrumbs separator={<IconChevronRight size={14} aria-hidden />} mb="xl" aria-label={t('breadcrumbs')}>
          <Anchor component={Link} to="/support/" size="sm">
            {t('eyebrow')}
          </Anchor>
          <Text size="sm" aria-current="page">
            {collection.name}
          </Text>
        </Breadcrumbs>
        <Grid gap={{ base: 32, md: 48 }}>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="md" data-testid="support-article-list">
              {collection.articles.map((article) => (
                <Card
                  key={article.id}
                  withBorder
                  radius="lg"
                  padding="lg"
                  component={Link}
                  to={`/support/${collection.slug}/${article.slug}/`}
                  data-testid="support-article-link"
                  data-slug={article.slug}
                >
                  <Group justify="space-between" wrap="nowrap">
                    <div>
                      <Title order={2} fz="md">
                        {article.title}
                      </Title>
                      <Text size="sm" c="dimmed" mt={2}>
                        {article.description}
                      </Text>
                    </div>
                    <IconChevronRight size={18} aria-hidden />
                  </Group>
                </Card>
              ))}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="lg">
              <Group gap="sm">
                <CollectionIcon icon={collection.icon} size={36} />
                <Text size="sm" c="dimmed">
                  {t('home.articleCount', { count: collection.articles.length })}
                </Text>
              </Group>
              <ReplyTimes />
            </Stack>
          </Grid.Col>
        </Grid>
      </Container>
    </>
  );
}
