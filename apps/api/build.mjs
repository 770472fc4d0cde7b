#!/usr/bin/env node
// Production build of the API: one ES module, `dist/server.js`, run by plain `node` (tsx is for
// development only). The workspace package @lombard/shared is TypeScript source, so it is bundled in;
// every other package stays in node_modules (some load files of their own at run time, e.g. PGlite's
// WebAssembly). Takes well under a second, so `npm start`, the browser tests and the benchmark build
// before they run.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const here = import.meta.dirname;
// `--outdir <folder>`: the browser tests and the benchmark build their own copy, so that runs side by
// side never read a bundle another one is writing. It must lie inside apps/api: packages are not bundled,
// and Node finds them in the node_modules folders above the bundle.
const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
const outdir = path.resolve(values.outdir ?? path.join(here, 'dist'));

/**
 * A few modules find files next to their source (locales, migrations, the web build) through
 * `import.meta.dirname`. In the bundle that would be `dist/`; point it back at the source folder, relative
 * to the bundle, so the build still works wherever the repository is checked out.
 */
const sourceDirname = {
  name: 'source-dirname',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const { readFile } = await import('node:fs/promises');
      let contents = await readFile(args.path, 'utf8');
      if (contents.includes('import.meta.dirname')) {
        const relative = path.relative(outdir, path.dirname(args.path)).split(path.sep).join('/');
        contents = contents.replaceAll(
          'import.meta.dirname',
          `(import.meta.dirname + ${JSON.stringify(`/${relative}`)})`,
        );
      }
      return { contents, loader: 'ts' };
    });
  },
};

/** Bare imports stay external, except the workspace's own TypeScript package. */
const externals = {
  name: 'externals',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@lombard/') ? undefined : { path: args.path, external: true },
    );
  },
};

const started = Date.now();
await build({
  // The server, and the first operator's command for an image that has no TypeScript tooling.
  entryPoints: {
    server: path.join(here, 'src/server.ts'),
    'create-admin': path.join(here, 'src/cli/create-admin-command.ts'),
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  // Not minified, so functions and classes keep their names without keepNames, whose helper ran on every
  // closure a request created (a hundredth of the calculator's time); the source map names the few that
  // bundling renamed.
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externals, sourceDirname],
});
console.info(`api built into ${path.relative(process.cwd(), outdir) || '.'} in ${Date.now() - started} ms`);
