#!/usr/bin/env node
// Every benchmark of the repository, one after the other, on one build of the web app.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { buildWeb } from './lib/app.mjs';

const dist = buildWeb();
let failed = false;
try {
  for (const script of ['bundle-size.mjs', 'lighthouse.mjs']) {
    console.info(`\n=== ${script}\n`);
    const result = spawnSync(process.execPath, [path.join(import.meta.dirname, script), '--dist', dist], {
      stdio: 'inherit',
    });
    if (result.status !== 0) failed = true;
  }
} finally {
  rmSync(dist, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
