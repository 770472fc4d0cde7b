import { useEffect } from 'react';

// On the server the effect does not run: the page's title and description are collected during the
// render instead, and the server writes them into the HTML it sends (server-entry.tsx).
const collected: { title?: string; description?: string } = {};

/** Starts a server render's collection; returns the object that the render fills in. */
export function collectPageMeta(): { title?: string; description?: string } {
  delete collected.title;
  delete collected.description;
  return collected;
}

/** Sets the document title and meta description of the current page (per language). */
export function usePageMeta(title: string, description?: string) {
  if (typeof document === 'undefined') {
    collected.title = title;
    if (description !== undefined) collected.description = description;
  }
  useEffect(() => {
    document.title = title;
    if (description === undefined) return;
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.appendChild(tag);
    }
    tag.content = description;
  }, [title, description]);
}
