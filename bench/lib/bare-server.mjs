// The yardstick of the request benchmark: a bare Fastify answering {"hello":"world"}, no plugins, no
// logging. Rows are reported as a share of its throughput measured in the same run, which stays steady
// on a shared machine when absolute times do not. Prints the port once listening.
// `--work <µs>` makes every request first keep the CPU busy that long (wake-up-cost.mjs only).
import Fastify from 'fastify';

const workIndex = process.argv.indexOf('--work');
const workNs = workIndex > 0 ? BigInt(Math.round(Number(process.argv[workIndex + 1]) * 1000)) : 0n;
const work = () => {
  const until = process.hrtime.bigint() + workNs;
  while (process.hrtime.bigint() < until);
};

const app = Fastify({ logger: false });
app.get('/', async () => {
  if (workNs > 0n) work();
  return { hello: 'world' };
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${app.server.address().port}\n`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
