// Uploads with a progress bar go through XMLHttpRequest: fetch cannot report how much of a request body
// has been sent. Loaded with the first such upload, so that no page pays for it up front.
import { type HttpRequest, type HttpResponse, parseBody, requestUrl } from './http-client';

function parseHeaders(raw: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

export function uploadTransport(request: HttpRequest, signal: AbortSignal): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method.toUpperCase(), requestUrl(request));
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    const blob = request.responseType === 'blob';
    xhr.responseType = blob ? 'blob' : 'text';
    xhr.upload.onprogress = (event) =>
      request.onUploadProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : undefined });
    xhr.onload = () => {
      const text = blob ? '' : xhr.responseText;
      resolve({
        data: blob ? xhr.response : request.responseType === 'text' ? text : parseBody(text),
        status: xhr.status,
        headers: parseHeaders(xhr.getAllResponseHeaders()),
      });
    };
    xhr.onerror = () => reject(new Error('Network Error'));
    xhr.onabort = () => reject(new Error('aborted'));
    signal.addEventListener('abort', () => xhr.abort());
    xhr.send((request.data ?? null) as XMLHttpRequestBodyInit | null);
  });
}
