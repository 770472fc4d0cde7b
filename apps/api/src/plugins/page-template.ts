// Fills the built index.html with a server-rendered page (docs/decisions/006): the language and colour
// scheme on <html>, the page's title and description, the markup inside #root and the state the browser
// hydrates from. Pure string work on a template Vite wrote, so it is tested without a browser.
import { createHash } from 'node:crypto';
import { EARLY_EVENTS_SCRIPT, type RenderedPage, SSR_STATE_ELEMENT_ID } from '@lombard/shared/server-rendering';
import { escapeAttribute, escapeText } from '../lib/html-escape';

/**
 * Sets Mantine's colour-scheme attribute from the system setting before the first paint, for visitors
 * who have not chosen one (with a choice, the server writes the attribute itself). Inline, so that it
 * costs no request; allowed by the CSP through its hash.
 */
export const COLOR_SCHEME_SCRIPT =
  "try{document.documentElement.setAttribute('data-mantine-color-scheme',matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light')}catch(e){}";
export const COLOR_SCHEME_SCRIPT_HASH = `'sha256-${createHash('sha256').update(COLOR_SCHEME_SCRIPT).digest('base64')}'`;

/** What the visitor does before the first-view script runs is held (see EARLY_EVENTS_SCRIPT). */
export const EARLY_EVENTS_SCRIPT_HASH = `'sha256-${createHash('sha256').update(EARLY_EVENTS_SCRIPT).digest('base64')}'`;

export function fillTemplate(template: string, page: RenderedPage): string {
  const scheme = page.colorScheme ? ` data-mantine-color-scheme="${page.colorScheme}"` : '';
  let html = template.replace(/<html lang="[^"]*"/, `<html lang="${page.language}"${scheme}`);
  const colorScheme = page.colorScheme ? '' : `<script>${COLOR_SCHEME_SCRIPT}</script>`;
  html = html.replace('<head>', `<head><script>${EARLY_EVENTS_SCRIPT}</script>${colorScheme}`);
  if (page.title) html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeText(page.title)}</title>`);
  if (page.description) {
    html = html.replace(
      /<meta name="description" content="[^"]*"/,
      `<meta name="description" content="${escapeAttribute(page.description)}"`,
    );
  }
  return html.replace(
    '<div id="root"></div>',
    `<div id="root">${page.html}</div><script type="application/json" id="${SSR_STATE_ELEMENT_ID}">${page.state}</script>`,
  );
}
