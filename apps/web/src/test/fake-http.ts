// A stand-in for the app's http client in component tests: the real axios instance (interceptors aside)
// with an adapter that answers from the test instead of the network. Used inside vi.mock's factory:
//   vi.mock('../../lib/http/client', async () => (await import('../../test/fake-http')).fakeHttp(answer));
import axios, { type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

/** A response to the request being answered, 200 unless told. */
export type Reply = (data: unknown, status?: number) => AxiosResponse;

export function fakeHttp(
  answer: (config: InternalAxiosRequestConfig, reply: Reply) => AxiosResponse | Promise<AxiosResponse>,
) {
  const http = axios.create();
  http.defaults.adapter = async (config: InternalAxiosRequestConfig) =>
    answer(config, (data, status = 200) => ({ status, statusText: 'OK', data, headers: {}, config }) as AxiosResponse);
  return { http };
}
