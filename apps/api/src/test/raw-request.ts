// A request through a real port, for what inject() never reaches (the server's response class, what Node
// itself writes): the answer's bytes exactly as they came off the socket, not decoded or decompressed.
import http from 'node:http';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface RawRequestOptions {
  method?: string;
  headers?: http.OutgoingHttpHeaders;
  agent?: http.Agent;
}

export function rawRequest(port: number, path: string, options: RawRequestOptions = {}): Promise<RawAnswer> {
  return new Promise<RawAnswer>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: options.headers,
        agent: options.agent,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}
