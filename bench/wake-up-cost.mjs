#!/usr/bin/env node
// What a request's own work costs in throughput on this machine, beyond the work itself: the bare
// Fastify of the request benchmark, as is and with some microseconds of CPU work added to every request,
// 100 connections each. On a machine where waking an idle client is expensive (two virtual CPUs), the
// slower server pays for it in every response (bench/README.md, "Why a share is not simply…").
// Usage: node wake-up-cost.mjs [--work 20,60,120] [--seconds 5]
import { parseArgs } from 'node:util';
import { autocannon, startBare } from './lib/load.mjs';

const { values } = parseArgs({
  options: { work: { type: 'string', default: '20,60,120' }, seconds: { type: 'string', default: '5' } },
});
const works = values.work.split(',').map(Number);
const seconds = Number(values.seconds);

async function throughput(workUs) {
  const bare = await startBare(['--work', String(workUs)]);
  try {
    await autocannon({ url: bare.url, connections: 100, duration: 1 });
    return (await autocannon({ url: bare.url, connections: 100, duration: seconds })).requests.average;
  } finally {
    bare.stop();
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
