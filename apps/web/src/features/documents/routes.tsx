import type { RouteObject } from 'react-router';
import { lazyImport } from '../../lib/lazy-import';
import type { DocumentsSection } from './documents-page';

const page = (section: DocumentsSection) => async () => {
  const { DocumentsPage } = await lazyImport(() => import('./documents-page'));
  return { Component: () => <DocumentsPage section={section} /> };
};

export const documentRoutes: RouteObject[] = [{ index: true, lazy: page('list') }];
