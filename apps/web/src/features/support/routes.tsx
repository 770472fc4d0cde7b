// The help centre: support/, support/{collection}/, support/{collection}/{article}/. A collection or
// article that does not exist in the visitor's language is a 404 (the site's 404 screen).
import { data, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { currentLanguage } from '../../lib/i18n/i18n';
import { loadNamespaces } from '../../lib/i18n/load-namespaces';
import { lazyImport } from '../../lib/lazy-import';
import { queryClient } from '../../lib/query-client';
import { supportCollectionsQuery } from './api';
import { localiseCollections } from './localise';

async function supportLoader({ params }: LoaderFunctionArgs) {
  const [response] = await Promise.all([
    queryClient.ensureQueryData(supportCollectionsQuery),
    loadNamespaces('support'),
  ]);
  const collections = localiseCollections(response.data, currentLanguage());
  if (params.collection) {
    const collection = collections.find((c) => c.slug === params.collection);
    if (!collection) throw data('collection not found', { status: 404 });
    if (params.article && !collection.articles.some((a) => a.slug === params.article)) {
      throw data('article not found', { status: 404 });
    }
  }
  return null;
}

export const supportRoutes: RouteObject[] = [
  {
    path: 'support/',
    id: 'support',
    loader: supportLoader,
    HydrateFallback: PageLoader,
    lazy: async () => ({ Component: (await lazyImport(() => import('./support-home-page'))).SupportHomePage }),
  },
  {
    path: 'support/:collection/',
    id: 'support-collection',
    loader: supportLoader,
    HydrateFallback: PageLoader,
    lazy: async () => ({ Component: (await lazyImport(() => import('./collection-page'))).CollectionPage }),
  },
  {
    path: 'support/:collection/:article/',
    id: 'support-article',
    loader: supportLoader,
    HydrateFallback: PageLoader,
    lazy: async () => ({ Component: (await lazyImport(() => import('./article-page'))).ArticlePage }),
  },
];
