// The theme's CSS variables and Mantine's responsive classes ship in the stylesheet
// (mantine-variables.gen.css, imported by app/main.tsx) instead of a <style> that MantineProvider would put
// into every server-rendered page: 11 KB of each page's HTML, the same on every page. This keeps the
// file equal to what MantineProvider renders for the theme; after a change to the theme, update it with
// `npx vitest run src/lib/theme/mantine-variables.test.tsx -u` (in apps/web).
import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

it('the stylesheet holds the CSS variables and classes MantineProvider would render for the theme', async () => {
  const html = renderToString(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {null}
    </MantineProvider>,
  );
  const styles = [...html.matchAll(/<style data-mantine-styles="[^"]*">([^<]*)<\/style>/g)].map((match) => match[1]);
  expect(styles).toHaveLength(2);
  await expect(`${styles.join('\n')}\n`).toMatchFileSnapshot('./mantine-variables.gen.css');
});
