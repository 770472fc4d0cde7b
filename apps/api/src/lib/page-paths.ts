/**
 * Whether a path is one of the app's pages: not the API's (unknown API paths stay JSON 404s), not a
 * built file under /assets/.
 */
export const isPagePath = (path: string) =>
  !(path === '/api' || path.startsWith('/api/') || path.startsWith('/assets/'));
