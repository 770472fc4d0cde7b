// The contract between the API, which sends server-rendered pages, and the web app's renderer
// (apps/web/src/app/server-entry.tsx), which makes them (docs/decisions/006).
import type { Language } from './locale';

/** The id of the non-executable JSON <script> that carries a rendered page's state to the browser. */
export const SSR_STATE_ELEMENT_ID = 'lombard-ssr-state';

export interface RenderRequest {
  /** Path and query, as requested. */
  url: string;
  /** The Cookie header. */
  cookies: string;
  acceptLanguage: string;
  /** The visitor's address: the page's API calls count against the visitor's rate limit, not the server's. */
  clientAddress: string;
}

/** A page the renderer made, for the API to put into index.html. */
export interface RenderedPage {
  html: string;
  language: Language;
  title: string | null;
  description: string | null;
  /** The visitor's saved choice; null when the system's setting applies. */
  colorScheme: 'light' | 'dark' | null;
  /** Already escaped for a <script> element by the renderer. */
  state: string;
}

export type RenderResult =
  | { kind: 'spa' }
  | { kind: 'redirect'; status: number; location: string }
  | ({ kind: 'page'; status: number } & RenderedPage);

/** The API as the page's queries see it: a request in, a response out (the API answers in-process). */
export type ApiHandler = (request: {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** RenderRequest.clientAddress of the page being rendered. */
  clientAddress: string;
}) => Promise<{ status: number; headers: Record<string, string>; body: string }>;

/** What the renderer module exports. */
export interface RendererModule {
  createRenderer(api: ApiHandler): (request: RenderRequest) => Promise<RenderResult>;
  /**
   * The status of a page from the route tree alone (404 for an unknown address): sent with the app shell
   * whenever the page is not rendered on the server, so that the status never depends on rendering.
   */
  routeStatus(url: string): number;
}
