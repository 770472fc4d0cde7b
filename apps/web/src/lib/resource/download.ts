// Document downloads (download_document_file): the file arrives as a blob and is saved under
// the name the server gives in Content-Disposition. A JSON error inside the blob is shown by the HTTP
// layer like any other error body.
import i18next from 'i18next';
import { http } from '../http/client';
import { notifySuccess } from '../notify';

/** The file name of a Content-Disposition header: the UTF-8 `filename*` when present, else `filename`. */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed encoding falls back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || null;
}

/** Saves a blob as a file through a temporary link. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the URL after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** GET a file as a blob, save it under the server's name, and say so. Errors are shown by the HTTP layer. */
export async function downloadFile(url: string, fallbackName = 'download'): Promise<string> {
  const response = await http.get<Blob>(url, { responseType: 'blob' });
  const name = fileNameFromDisposition(response.headers['content-disposition'] as string | undefined) ?? fallbackName;
  saveBlob(response.data, name);
  await i18next.loadNamespaces('errors');
  notifySuccess(i18next.t('errors:success.downloaded'));
  return name;
}

/** The download path of a row of a resource. */
export const documentFilePath = (resourcePath: string, id: string | number) =>
  `${resourcePath}${id}/download_document_file`;
