// The load generator and the yardstick it is held against, shared by the request benchmarks.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import autocannon from 'autocannon';

// autocannon turns every chunk of every response body into a string, for body checks (expectBody,
// verifyBody, onResponse) that these benchmarks never ask for. On a compressed 16 KB page that decoding
// took the whole load generator's core, and the page row measured autocannon at a quarter of the app's
// capacity. The bytes are still counted; the text is no longer made.
createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js').prototype.addBody = () => {};

export { autocannon };

/** The bare Fastify of bare-server.mjs, in its own process like the app; `args` go to it (`--work`). */
export async function startBare(args = []) {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'bare-server.mjs'), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim())));
    child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}/`, pid: child.pid, stop: () => child.kill('SIGTERM') };
}
