// The help centre's front page: search over titles and bodies, the collections, reply times and the
// pledge document.
import {
  Anchor,
  Badge,
  Box,
  Card,
  Container,
  Grid,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowRight, IconSearch } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePageMeta } from '../../lib/page-meta';
import { searchArticles } from './localise';
import { CollectionIcon, PledgeDocumentCard, ReplyTimes, SupportHero } from './support-ui';
import { useLocalisedCollections } from './use-collections';

export function SupportHomePage() {
  const { t } = useTranslation('support');
  usePageMeta(t('meta.title'), t('meta.description'));
  const { collections, language } = useLocalisedCollections();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const [debounced] = useDebouncedValue(query, 150);
  const hits = useMemo(() => searchArticles(collections, debounced), [collections, debounced]);
  const searching = debounced.trim().length > 1;

  return (
    <>
      <SupportHero title={t('home.title')} lead={t('home.lead')}>
        <search>
          <form onSubmit={(event) => event.preventDefault()}>
            <TextInput
              size="lg"
              radius="xl"
              mt="sm"
              type="search"
              aria-label={t('search.label')}
              placeholder={t('search.placeholder')}
              leftSection={<IconSearch size={20} aria-hidden />}
              value={query}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setParams(value ? { q: value } : {}, { replace: true, preventScrollReset: true });
              }}
              data-testid="support-search"
            />
          </form>
        </search>
      </SupportHero>
      <Container size="lg" py={{ base: 40, sm: 64 }}>
        <Grid gap={{ base: 32, md: 48 }}>
          <Grid.Col span={{ base: 12, md: 8 }}>
            {searching ? (
              <Stack
                gap="md"
                component="section"
                aria-labelledby="search-results-title"
                data-testid="support-search-results"
              >
                <Title order={2} id="search-results-title" fz="xl" aria-live="polite">
                  {t('search.results', { count: hits.length, query: debounced.trim() })}
                </Title>
                {hits.length === 0 && <Text c="dimmed">{t('search.empty')}</Text>}
                {hits.map(({ article, collection }) => (
                  <Card
                    key={article.id}
                    withBorder
                    radius="lg"
                    padding="lg"
                    component={Link}
                    to={`/support/${collection.slug}/${article.slug}/`}
                    data-testid="support-search-hit"
                  >
                    <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                      {collection.name}
                    </Text>
                    <Text fw={700} mt={4}>
                      {article.title}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {article.description}
                    </Text>
                  </Card>
                ))}
              </Stack>
            ) : (
              <Box component="section" aria-labelledby="collections-title">
                <Title order={2} id="collections-title" fz="xl" mb="lg">
                  {t('home.collections')}
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" data-testid="support-collections">
                  {collections.map((collection) => (
                    <Card
                      key={collection.id}
                      withBorder
                      radius="lg"
                      padding="xl"
                      component={Link}
                      to={`/support/${collection.slug}/`}
                      data-testid="support-collection-card"
                      data-slug={collection.slug}
                    >
                      <Group justify="space-between" align="flex-start">
                        <CollectionIcon icon={collection.icon} />
                        <Badge variant="light" radius="sm">
                          {t('home.articleCount', { count: collection.articles.length })}
                        </Badge>
                      </Group>
                      <Title order={3} fz="lg" mt="md">
                        {collection.name}
                      </Title>
                      <Text size="sm" c="dimmed" mt={4}>
                        {collection.description}
                      </Text>
                      <Group gap={4} mt="md" c="light-dark(var(--mantine-color-navy-7), var(--mantine-color-navy-2))">
                        <Text size="sm" fw={600}>
                          {t('home.open')}
                        </Text>
                        <IconArrowRight size={16} aria-hidden />
                      </Group>
                    </Card>
                  ))}
                </SimpleGrid>
                <Title order={2} fz="xl" mt={48} mb="md">
                  {t('home.popular')}
                </Title>
                <Stack gap={8}>
                  {collections
                    .flatMap((collection) => collection.articles.slice(0, 1))
                    .map((article) => (
                      <Anchor
                        key={article.id}
                        component={Link}
                        to={`/support/${article.collectionSlug}/${article.slug}/`}
                      >
                        {article.title}
                      </Anchor>
                    ))}
                </Stack>
              </Box>
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="lg">
              <ReplyTimes />
              <PledgeDocumentCard language={language} />
            </Stack>
          </Grid.Col>
        </Grid>
      </Container>
    </>
  );
}
