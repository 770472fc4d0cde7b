// The yardstick of the request benchmark: a bare Fastify answering {"hello":"world"}, no plugins, no
// logging. Rows are reported as a share of its throughput measured in the same run, which stays steady
// on a shared machine when absolute times do not. Prints the port once listening.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${app.server.address().port}\n`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
