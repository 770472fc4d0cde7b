// What the server writes for an island and the browser looks for (lib/islands/island.tsx). No React
// here: the first-view script imports it.
import { CONTROLS_SELECTOR } from '../hydration';

/** The attribute of an island's container: its id in the registry (app/islands.ts). */
export const ISLAND_ATTRIBUTE = 'data-island';
/** The attribute holding the island's position in the page state's list. */
export const ISLAND_INDEX_ATTRIBUTE = 'data-island-index';
/** Set by the browser on an island's container once its code is on its way (app/islands-boot.tsx). */
export const ISLAND_STARTED_ATTRIBUTE = 'data-island-started';

/** The container: `<div data-island="…" data-island-index="…" style="display:contents">…</div>`. */
export function islandContainerMarkup(id: string, index: number, inner: string): string {
  return `<div ${ISLAND_ATTRIBUTE}="${id}" ${ISLAND_INDEX_ATTRIBUTE}="${index}" style="display:contents">${inner}</div>`;
}

/** The prefix of the ids React makes inside an island: the same on the server and in the browser. */
export const islandIdPrefix = (index: number) => `i${index}-`;

/** Whether the server's page is made of islands (else the whole page is the app's to hydrate). */
export const hasIslands = () => document.querySelector(`[${ISLAND_ATTRIBUTE}]`) !== null;

/** The controls of the islands whose code the browser has started to load. */
export const startedIslandControls = () => [
  ...document.querySelectorAll(`[${ISLAND_STARTED_ATTRIBUTE}] :is(${CONTROLS_SELECTOR})`),
];

let reach: ((element: Element) => void) | null = null;

/** Set by app/islands-boot.tsx once islands wait to be reached: what starts the island of an element. */
export function setIslandReach(starter: (element: Element) => void): void {
  reach = starter;
}

/**
 * Starts the island holding `element` at once, if it is one still waiting to come near the screen.
 * False before the islands wait to be reached (their code has not come, or none waits).
 */
export function reachIsland(element: Element): boolean {
  if (!reach) return false;
  reach(element);
  return true;
}

/**
 * Starts the island with this id now: the visitor has just asked for it (the hero's "calculate" scrolls
 * to the calculator). Nothing if it has started already or is not on the page.
 */
export function startIsland(id: string): void {
  const container = document.querySelector(`[${ISLAND_ATTRIBUTE}="${id}"]`);
  if (container) reachIsland(container);
}
