// <Island> is its component in the app, and an empty, recorded container in a server render of a page
// made of islands (docs/decisions/017).
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { Island, recordIslands, stopRecordingIslands } from './island';
import { islandContainerMarkup } from './island-markup';

function Greeting({ name }: { name: string }) {
  return <button type="button">Hello {name}</button>;
}

const page = (
  <main>
    <Island id="greeting" component={Greeting} props={{ name: 'Ada' }} />
    <p>Static text</p>
    <Island id="greeting" component={Greeting} props={{ name: 'Bea' }} />
  </main>
);

afterEach(stopRecordingIslands);

describe('Island', () => {
  it('is simply its component in the app', () => {
    const html = renderToString(page);
    expect(html).toContain('Hello <!-- -->Ada');
    expect(html).not.toContain('data-island');
  });

  it('renders the container the renderer fills, and records each island with its props, in page order', () => {
    const recorded = recordIslands();
    const html = renderToString(page);
    expect(html).not.toContain('Hello');
    expect(recorded).toEqual([
      { id: 'greeting', props: { name: 'Ada' } },
      { id: 'greeting', props: { name: 'Bea' } },
    ]);
    // The renderer finds each container by exactly this markup to put the island's own render into it.
    expect(html).toContain(islandContainerMarkup('greeting', 0, ''));
    expect(html).toContain(islandContainerMarkup('greeting', 1, ''));
  });
});
