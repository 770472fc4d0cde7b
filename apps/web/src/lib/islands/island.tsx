// Islands (docs/decisions/017): the parts of a server-rendered public page a visitor can act on — the
// Menu button, the calculator, the cookie bar — each hydrated on its own, so that the browser downloads
// only their code, never the router or the static rest of the page.
//
// A page renders <Island> where such a part goes. In the app (a signed-in visitor's page, a page the
// browser renders, the unit tests) it is simply the component. In a server render of a page in islands
// mode it is an empty container, and the island is recorded; the renderer (app/server-entry.tsx) then
// renders each recorded island as a root of its own, its ids prefixed as the browser's root will prefix
// them, and puts that markup into the container. The browser hydrates each container as a root of its
// own (app/islands-boot.tsx). Props travel in the page's JSON state, so they are plain values.
import type { ComponentType } from 'react';
import { ISLAND_ATTRIBUTE, ISLAND_INDEX_ATTRIBUTE } from './island-markup';

export type IslandProps = Record<string, string | number | boolean | null>;

export interface RecordedIsland {
  id: string;
  props: IslandProps;
}

let recording: RecordedIsland[] | null = null;

/** For the server: from now until `stopRecordingIslands`, <Island> renders a container and records the island. */
export function recordIslands(): RecordedIsland[] {
  recording = [];
  return recording;
}

export function stopRecordingIslands(): void {
  recording = null;
}

interface Props<P extends IslandProps> {
  /** The island's id in the registry (app/islands.ts), through which the browser loads `component`. */
  id: string;
  component: ComponentType<P>;
  props: P;
}

export function Island<P extends IslandProps>({ id, component: Component, props }: Props<P>) {
  if (!recording) return <Component {...props} />;
  const index = recording.push({ id, props }) - 1;
  // Display: contents, so that the container takes no part in the layout (a button in a row stays one).
  return <div {...{ [ISLAND_ATTRIBUTE]: id, [ISLAND_INDEX_ATTRIBUTE]: index }} style={{ display: 'contents' }} />;
}
