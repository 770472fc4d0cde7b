// Every request's id (Fastify's genReqId): in the request log line, the audit log and the correlation id
// of an unexpected error. A random prefix chosen when the process starts and a counter make it unique
// across instances and restarts without drawing random bytes for every request (a UUID per request was
// a hundredth of a cheap request's time). Never taken from the client.
import { randomBytes } from 'node:crypto';

const processPrefix = `${randomBytes(8).toString('hex')}-`;
let counter = 0;

export function nextRequestId(): string {
  counter++;
  return processPrefix + counter.toString(36);
}
