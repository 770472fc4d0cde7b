#!/usr/bin/env node
// Fails when a translation key exists in one language and not the other, or a value is empty.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const CATALOGUES = ['apps/web/src/locales', 'apps/api/src/locales'];
const LANGUAGES = ['it', 'en'];
const problems = [];

function flatten(object, prefix = '', out = new Map()) {
  for (const [key, value] of Object.entries(object)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value)) flatten(value, name, out);
    else out.set(name, value);
  }
  return out;
}

// i18next plural suffixes differ by language (Italian has _many); compare the base key.
const baseKey = (key) => key.replace(/_(zero|one|two|few|many|other)$/, '');

for (const dir of CATALOGUES) {
  const base = path.join(root, dir);
  if (!existsSync(base)) continue;
  const namespaces = new Set(
    LANGUAGES.flatMap((lng) => readdirSync(path.join(base, lng)).filter((f) => f.endsWith('.json'))),
  );
  for (const ns of namespaces) {
    const keys = {};
    for (const lng of LANGUAGES) {
      const file = path.join(base, lng, ns);
      if (!existsSync(file)) {
        problems.push(`${dir}/${lng}/${ns}: missing namespace file`);
        keys[lng] = new Map();
        continue;
      }
      keys[lng] = flatten(JSON.parse(readFileSync(file, 'utf8')));
      for (const [key, value] of keys[lng]) {
        if (typeof value === 'string' && value.trim() === '') problems.push(`${dir}/${lng}/${ns}: '${key}' is empty`);
      }
    }
    for (const lng of LANGUAGES) {
      for (const other of LANGUAGES) {
        if (lng === other) continue;
        const otherBases = new Set([...keys[other].keys()].map(baseKey));
        for (const key of keys[lng].keys()) {
          if (!otherBases.has(baseKey(key)))
            problems.push(`${dir}/${other}/${ns}: missing '${key}' (present in ${lng})`);
        }
      }
    }
  }
}

if (problems.length > 0) {
  console.error(`i18n catalogues: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.info('i18n catalogues: ok');
