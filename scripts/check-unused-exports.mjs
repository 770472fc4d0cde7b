#!/usr/bin/env node
// Finds exported values (const, let, function, class) that nothing uses: named in no other file of the
// repository and nowhere else in their own. Code nobody calls is deleted, not kept "in case". Types are
// left out: an exported type that only its own file uses documents a signature and costs nothing.
// A module that the build swaps in for a package's own, named by its path in a config, is skipped.
// Usage: node scripts/check-unused-exports.mjs [root]; exits 1 and lists them when there are any.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
const SKIP = new Set(['node_modules', 'dist', 'test-results', 'data', 'coverage']);

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name) || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (/\.(ts|tsx|mts|mjs|js)$/.test(name)) out.push(full);
  }
  return out;
}

const EXPORTED_VALUE = /^export\s+(?:async\s+)?(?:const|let|function\*?|class)\s+([A-Za-z_$][\w$]*)/gm;

const files = walk(root).map((file) => ({ file, source: readFileSync(file, 'utf8') }));
const words = new Map();
for (const { file, source } of files) {
  for (const word of new Set(source.match(/[A-Za-z_$][\w$]*/g) ?? [])) {
    const holders = words.get(word) ?? new Set();
    holders.add(file);
    words.set(word, holders);
  }
}

/** A module the build puts in place of a package's own (vite.config.ts): that package uses its exports. */
function standsInForAPackage(file) {
  const name = path.basename(file);
  return files.some((other) => other.file !== file && other.source.includes(`/${name}'`));
}

const unused = [];
for (const { file, source } of files) {
  if (standsInForAPackage(file)) continue;
  for (const match of source.matchAll(EXPORTED_VALUE)) {
    const name = match[1];
    const elsewhere = [...(words.get(name) ?? [])].some((other) => other !== file);
    const inOwnFile = source.match(new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`, 'g'))?.length ?? 0;
    if (!elsewhere && inOwnFile <= 1) unused.push(`${path.relative(root, file).split(path.sep).join('/')}: ${name}`);
  }
}

if (unused.length > 0) {
  console.error(`Exported but used nowhere (delete them):\n  ${unused.join('\n  ')}`);
  process.exit(1);
}
console.info('Unused exports: none');
