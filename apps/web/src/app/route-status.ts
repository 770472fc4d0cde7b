// The HTTP status of a page from the route tree alone, without rendering it. The server sends it with the
// app shell whenever it cannot render the page itself (the renderer failed or is busy, or the page is
// rendered by the browser), so that an unknown address is a 404 every time, not only when rendering works.
import { matchRoutes } from 'react-router';
import { routes } from './router';

export function routeStatus(url: string): 200 | 404 {
  const { pathname } = new URL(url, 'http://localhost');
  const matches = matchRoutes(routes, pathname);
  // The catch-all route is the 404 screen.
  return !matches || matches.at(-1)?.route.path === '*' ? 404 : 200;
}
