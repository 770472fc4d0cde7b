#!/usr/bin/env node
// Every benchmark of the repository, one after the other, on one build of the web app (and one of the
// API): requests, bundle size, first tap, Lighthouse. `--smoke` (CI) runs each briefly and checks no threshold.
// `--dist <folder>` measures a web build already made (CI passes the one its browser tests ran on).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { buildWeb } from './lib/app.mjs';

const smoke = process.argv.includes('--smoke');
const distArg = process.argv.indexOf('--dist');
const ownBuild = distArg < 0;
const dist = ownBuild ? buildWeb() : path.resolve(process.argv[distArg + 1]);
let failed = false;
try {
  for (const script of ['requests.mjs', 'bundle-size.mjs', 'first-tap.mjs', 'lighthouse.mjs']) {
    console.info(`\n=== ${script}\n`);
    const args = [path.join(import.meta.dirname, script), '--dist', dist, ...(smoke ? ['--smoke'] : [])];
    const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
    if (result.status !== 0) failed = true;
  }
} finally {
  if (ownBuild) rmSync(dist, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
