#!/usr/bin/env node
// What a request's own work costs in throughput on this machine, beyond the work itself: the bare
// Fastify of the request benchmark, as is and with some microseconds of CPU work added to every request,
// 100 connections each. On a machine where waking an idle client is expensive (two virtual CPUs), the
// slower server pays for it in every response (bench/README.md, "Why a share is not simply…").
// Usage: node wake-up-cost.mjs [--work 20,60,120] [--seconds 5]
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import autocannon from 'autocannon';

createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js').prototype.addBody = () => {};
const arg = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const works = arg('--work', '20,60,120').split(',').map(Number);
const seconds = Number(arg('--seconds', '5'));

async function throughput(workUs) {
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'lib/bare-server.mjs'), '--work', String(workUs)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise((resolve) => child.stdout.once('data', (chunk) => resolve(Number(String(chunk)))));
  const url = `http://127.0.0.1:${port}/`;
  try {
    await autocannon({ url, connections: 100, duration: 1 });
    return (await autocannon({ url, connections: 100, duration: seconds })).requests.average;
  } finally {
    child.kill('SIGTERM');
  }
}

const bare = await throughput(0);
const bareUs = 1e6 / bare;
console.info('Added work per request, and what it cost (100 connections, bare Fastify)\n');
console.info('  work µs     req/s   µs per request   beyond the work');
console.info(
  `  ${'0'.padStart(7)}  ${bare.toFixed(0).padStart(8)}  ${bareUs.toFixed(1).padStart(15)}                —`,
);
for (const workUs of works) {
  const rate = await throughput(workUs);
  const us = 1e6 / rate;
  console.info(
    `  ${String(workUs).padStart(7)}  ${rate.toFixed(0).padStart(8)}  ${us.toFixed(1).padStart(15)}  ${(us - bareUs - workUs).toFixed(1).padStart(12)} µs`,
  );
}
