// Upload helpers of the browser side. Which files may be sent is decided once, in the shared documents
// contract (`uploadProblem`: kind by name and declared type, size), and the server checks again by content.
import type { UploadProgress } from '../http/http-client';

/** The `accept` map of the file picker: MIME type → extensions (the shared accepted kinds). */
export const UPLOAD_ACCEPT: Record<string, string[]> = {
  'application/pdf': ['.pdf'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
};

/** Percentage sent of an upload, for a progress bar (0–100). */
export function uploadPercent(event: UploadProgress): number {
  if (!event.total) return 0;
  return Math.min(100, Math.round((event.loaded / event.total) * 100));
}
