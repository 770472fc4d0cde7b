// What an oversized JSON body costs the server, with the limit the API had (12 MB on every route) and the
// one it has (64 KB unless a route says otherwise): three clients send 11 MB bodies at once, over and
// over, while a fourth asks a cheap route; the figures are that route's median time and the process's
// memory. A bare Fastify with the same body limits, so that the figure is the limit's and not the app's.
//   node bench/body-limit.mjs
import { request } from 'node:http';
import Fastify from 'fastify';

const BODY = Buffer.from(JSON.stringify({ filler: 'x'.repeat(11 * 1024 * 1024) }));
const ROUNDS = 10;

function send(port, path, body) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      { port, path, method: body ? 'POST' : 'GET', headers: body ? { 'content-type': 'application/json' } : {} },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started }));
      },
    );
    req.on('error', (error) =>
      error.code === 'EPIPE' || error.code === 'ECONNRESET' ? resolve({ status: 0 }) : reject(error),
    );
    req.end(body);
  });
}

const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(bodyLimit) {
  const app = Fastify({ bodyLimit });
  app.post('/api/form/', async (req) => ({ keys: Object.keys(req.body ?? {}).length }));
  app.get('/healthz', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address();
  for (let i = 0; i < 50; i++) await send(port, '/healthz');
  const quiet = [];
  for (let i = 0; i < 20; i++) quiet.push((await send(port, '/healthz')).ms);
  const before = process.memoryUsage().rss;
  let peak = before;
  const loaded = [];
  const statuses = new Set();
  for (let round = 0; round < ROUNDS; round++) {
    const bodies = [1, 2, 3].map(() => send(port, '/api/form/', BODY).then((r) => statuses.add(r.status)));
    for (let i = 0; i < 5; i++) loaded.push((await send(port, '/healthz')).ms);
    await Promise.all(bodies);
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  await app.close();
  return {
    bodyLimit,
    answers: [...statuses].join(','),
    healthzQuietMs: median(quiet).toFixed(1),
    healthzUnderBodiesMs: median(loaded).toFixed(1),
    rssGrowthMb: ((peak - before) / 1024 / 1024).toFixed(0),
  };
}

// Each in a process of its own would be cleaner; one after the other, the larger limit last, keeps the
// smaller one's memory figure free of the other's garbage.
for (const row of [await measure(64 * 1024), await measure(12 * 1024 * 1024)]) {
  console.info(
    `body limit ${row.bodyLimit} B: bodies answered ${row.answers}; /healthz median ${row.healthzQuietMs} ms quiet, ` +
      `${row.healthzUnderBodiesMs} ms under the bodies; memory +${row.rssGrowthMb} MB`,
  );
}
