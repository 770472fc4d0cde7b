import { describe, expect, it } from 'vitest';
import { documentFilePath, fileNameFromDisposition } from './download';

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 name of filename*', () => {
    expect(
      fileNameFromDisposition(`attachment; filename="Relazione _.pdf"; filename*=UTF-8''Relazione%20%C3%A8.pdf`),
    ).toBe('Relazione è.pdf');
  });

  it('reads a quoted or bare filename', () => {
    expect(fileNameFromDisposition('attachment; filename="utenti-2026.xlsx"')).toBe('utenti-2026.xlsx');
    expect(fileNameFromDisposition('attachment; filename=report.pdf')).toBe('report.pdf');
  });

  it('falls back to the plain name when the encoding is broken, and to null without a name', () => {
    expect(fileNameFromDisposition(`attachment; filename="plain.pdf"; filename*=UTF-8''%E0%A4%A.pdf`)).toBe(
      'plain.pdf',
    );
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(undefined)).toBeNull();
  });

  it('builds the download_document_file path', () => {
    expect(documentFilePath('/api/v1/exports/', 7)).toBe('/api/v1/exports/7/download_document_file');
  });
});
