// Partner landing pages: /l/{partner}, one screen for every partner; an unknown partner is a
// 404, shown as the site's 404 screen by the landing layout's error boundary.
import i18next from 'i18next';
import { data, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { responseStatus } from '../../lib/http/lazy-client';
import { currentLanguage } from '../../lib/i18n/i18n';
import { lazyImport } from '../../lib/lazy-import';
import { queryClient } from '../../lib/query-client';
import { partnerQuery } from './api';

async function namespaces() {
  if (!i18next.isInitialized) {
    await new Promise<void>((resolve) => {
      const done = () => {
        i18next.off('initialized', done);
        resolve();
      };
      i18next.on('initialized', done);
    });
  }
  await i18next.loadNamespaces(['partners']);
}

async function partnerLoader({ params }: LoaderFunctionArgs) {
  const slug = params.partner ?? '';
  try {
    await Promise.all([queryClient.ensureQueryData(partnerQuery(slug, currentLanguage())), namespaces()]);
  } catch (error) {
    if (responseStatus(error) === 404) throw data('partner not found', { status: 404 });
    throw error;
  }
  return null;
}

export const partnerRoutes: RouteObject[] = [
  {
    path: 'l/:partner/',
    id: 'partner',
    loader: partnerLoader,
    HydrateFallback: PageLoader,
    lazy: async () => ({ Component: (await lazyImport(() => import('./partner-page'))).PartnerPage }),
  },
];
