#!/usr/bin/env node
// Enforces one import direction: shared → lib → features → app (docs/decisions/001-layers-and-boundaries.md).
// Web:  lib/, components/ may not import features/ or app/; features/<a> imports only components/, lib/, the
//       shared package and its own files (never app/ nor features/<b>; its tests may read test/). Features
//       are domains, named like the API's modules: none is named for a group of users (no features/backoffice);
//       a domain's pages for one group sit in its customer/, backoffice/ or public/ folder.
// API:  floors from low to high: db/, lib/, plugins/ → modules/ → seed/ → app.ts, server.ts, cli/. A floor
//       imports only floors below it: lib/, db/, plugins/ never import modules/, seed/, cli/ nor the app.
//       modules/<a> may import another module only through its service.ts (or its schemas in
//       packages/shared), and only its own db/schema files. seed/ (demo data made as users' actions make it)
//       and test/ (the scenes tests start from) reach a module only through its service.ts. Only tests and
//       test/ import test/, so test support never reaches the build. The API's files import each other as a
//       tree: an import loop between two files (type-only imports aside) fails, as between two modules.
// Both: packages/shared imports neither app; the apps never import each other.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const violations = [];

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (/\.(ts|tsx|mts)$/.test(name)) out.push(full);
  }
  return out;
}

const IMPORT_RE =
  /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

/** Each import's path, and whether it is type-only (`import type …`: erased by the build). */
function importsOf(file) {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(IMPORT_RE)].map((match) => ({
    spec: match[1] ?? match[2] ?? match[3],
    typeOnly: /^(?:import|export)\s+type\s/.test(match[0]),
  }));
}

function rel(file) {
  return path.relative(root, file).split(path.sep).join('/');
}

/** Which schema files each API module may read directly; other modules go through the owner's service. */
const SCHEMA_OWNERS = {
  accounts: ['auth', 'account'],
  settings: ['config'],
  menus: ['menu'],
  outbox: ['notifications'],
  signatures: ['signing'],
  'margin-alerts': ['advances'],
  // Infrastructure tables: only lib/jobs and lib/files touch them; modules use those libraries.
  jobs: [],
  files: [],
  'one-time-codes': [],
  idempotency: [],
};

/** Module → modules it imports; a cycle between modules fails the check (see the end of this file). */
const moduleEdges = new Map();

/** API file → API files it imports values from; a loop between files fails the check too. */
const fileEdges = new Map();

function check(file) {
  const from = rel(file);
  for (const { spec, typeOnly } of importsOf(file)) {
    const target = spec.startsWith('.') ? rel(path.resolve(path.dirname(file), spec)) : spec;
    const fail = (why) => violations.push(`${from}: imports '${spec}' — ${why}`);

    if (
      from.startsWith('packages/shared/') &&
      (target.startsWith('apps/') || (target.startsWith('@lombard/') && !target.startsWith('@lombard/shared')))
    )
      fail('the shared contract imports nothing from the apps');
    if (from.startsWith('apps/web/') && (target.startsWith('apps/api/') || target.startsWith('@lombard/api')))
      fail('the web app talks to the API over HTTP only');
    if (from.startsWith('apps/api/') && (target.startsWith('apps/web/') || target.startsWith('@lombard/web')))
      fail('the API does not import the web app');

    const web = /^apps\/web\/src\/([^/]+)(?:\/([^/]+))?/.exec(from);
    const webTarget = /^apps\/web\/src\/([^/]+)(?:\/([^/]+))?/.exec(target);
    if (web && webTarget) {
      const [, layer, feature] = web;
      const [, tLayer, tFeature] = webTarget;
      if (['lib', 'components', 'locales', 'test'].includes(layer) && ['features', 'app'].includes(tLayer))
        fail('shared web code (lib, components) may not depend on features or the app');
      if (layer === 'features' && tLayer === 'app') fail('a feature may not import the app layer');
      if (layer === 'features' && tLayer === 'features' && tFeature !== feature)
        fail(
          `feature '${feature}' may not import feature '${tFeature}': lift the shared part to lib/ or components/, or compose in app/`,
        );
      const testFile = /\.test\.tsx?$/.test(from);
      if (
        layer === 'features' &&
        !['features', 'app', 'lib', 'components'].includes(tLayer) &&
        !(testFile && tLayer === 'test')
      )
        fail(`a feature imports only components/, lib/, the shared package and its own files, not '${tLayer}/'`);
    }

    const api = /^apps\/api\/src\/([^/.]+)(?:\/([^/.]+))?/.exec(from);
    const apiTarget = /^apps\/api\/src\/([^/.]+)(?:\/([^/.]+))?(\/.*)?/.exec(target);
    if (api && apiTarget) {
      const [, layer, module] = api;
      const [, tLayer, tModule, tRest] = apiTarget;
      const testFile = from.endsWith('.test.ts');
      if (['lib', 'db', 'plugins'].includes(layer) && ['modules', 'seed', 'cli'].includes(tLayer) && !testFile)
        fail('shared API code (lib, db, plugins) may not depend on a feature module, the seed or a command');
      if (['lib', 'db', 'plugins', 'modules', 'seed'].includes(layer) && ['app', 'server', 'cli'].includes(tLayer))
        fail('nothing imports the app or a command; they import the modules');
      if (layer === 'modules' && tLayer === 'seed' && !testFile)
        fail('a module does not depend on the demo data; the seed calls the module');
      // Demo data is made through the services users' actions go through, and test scenes likewise.
      if (['seed', 'test'].includes(layer) && tLayer === 'modules' && tRest !== '/service')
        fail(
          `the ${layer === 'seed' ? 'seed' : 'test support'} reaches module '${tModule}' only through its service.ts`,
        );
      if (tLayer === 'test' && layer !== 'test' && !testFile)
        fail('only tests and test/ import the test support: it never reaches the build');
      if (!testFile && !typeOnly) {
        if (!fileEdges.has(from)) fileEdges.set(from, new Set());
        fileEdges.get(from).add(existsSync(path.join(root, `${target}.ts`)) ? `${target}.ts` : target);
      }
      // Tests may set a scene through other modules; the graph is of the running code.
      if (layer === 'modules' && tLayer === 'modules' && tModule !== module && !testFile) {
        if (!moduleEdges.has(module)) moduleEdges.set(module, new Set());
        moduleEdges.get(module).add(tModule);
      }
      if (layer === 'modules' && tLayer === 'modules' && tModule !== module && tRest !== '/service')
        fail(`module '${module}' reaches module '${tModule}' only through its service.ts`);
      if (layer === 'modules' && tLayer === 'db' && tModule === 'schema') {
        const schemaFile = (tRest ?? '').replace(/^\//, '');
        const owners = SCHEMA_OWNERS[schemaFile] ?? [schemaFile];
        if (!owners.includes(module))
          fail(`the '${schemaFile}' tables belong to module(s) ${owners.join(', ')}: use their service`);
      }
    }
  }
}

for (const dir of ['packages/shared/src', 'apps/api/src', 'apps/web/src']) {
  for (const file of walk(path.join(root, dir))) check(file);
}

// A web feature is a domain (advances, transactions, users…), not a group of users: the back office of a
// domain is that domain's backoffice/ folder, its shell is components/backoffice and lib/backoffice.
const webFeatures = path.join(root, 'apps/web/src/features');
for (const group of ['backoffice', 'customer', 'public', 'admin']) {
  if (existsSync(path.join(webFeatures, group)))
    violations.push(
      `apps/web/src/features/${group}: a feature is named for its domain, not for who uses it; put each page in its domain's feature (features/<domain>/${group}/)`,
    );
}

// Modules depend on each other as a tree: a cycle (a → b → … → a) means two features are one, or that a
// shared part belongs in lib/. Files likewise: a loop means the part both need belongs in a file of its own.
function findCycle(edges) {
  const state = new Map();
  const stack = [];
  const visit = (node) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of edges.keys()) {
    if (!state.has(node)) {
      const found = visit(node);
      if (found) return found;
    }
  }
  return null;
}
const cycle = findCycle(moduleEdges);
if (cycle) violations.push(`apps/api/src/modules: import cycle between modules ${cycle.join(' → ')}`);
const fileCycle = findCycle(fileEdges);
if (fileCycle) violations.push(`apps/api/src: import loop between files ${fileCycle.join(' → ')}`);

if (violations.length > 0) {
  console.error(`Import boundaries: ${violations.length} violation(s)\n${violations.map((v) => `  ${v}`).join('\n')}`);
  process.exit(1);
}
console.info('Import boundaries: ok');
