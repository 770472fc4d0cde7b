// A stand-in for the app's http client in component tests: the real client (interceptors aside) with a
// transport that answers from the test instead of the network. Used inside vi.mock's factory:
//   vi.mock('../../lib/http/client', async () => (await import('../../test/fake-http')).fakeHttp(answer));
// An answer outside 2xx fails the call as the server's answer would; throwing is "no answer".
import { createHttpClient, type HttpRequest, type HttpResponse } from '../lib/http/http-client';

/** A response to the request being answered, 200 unless told. */
export type Reply = (data: unknown, status?: number, headers?: Record<string, string>) => HttpResponse;

export function fakeHttp(answer: (config: HttpRequest, reply: Reply) => HttpResponse | Promise<HttpResponse>) {
  const http = createHttpClient({
    transport: async (config) => answer(config, (data, status = 200, headers = {}) => ({ status, data, headers })),
  });
  return { http };
}
