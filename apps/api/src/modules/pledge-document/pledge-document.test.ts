import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t.close());

describe('GET /api/v1/public/pledge-document/', () => {
  it.each(['it', 'en'] as const)('serves a valid PDF in %s as an attachment', async (language) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/public/pledge-document/?language=${language}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="lombard-pledge-${language}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(2);
    expect(pdf.getTitle()).toBe(
      language === 'it' ? "Lombard — Il pegno a garanzia dell'anticipo" : 'Lombard — The pledge securing your advance',
    );
  });

  it('follows Accept-Language when no language is asked for', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/public/pledge-document/',
      headers: { 'accept-language': 'en-GB' },
    });
    expect(res.headers['content-disposition']).toContain('lombard-pledge-en.pdf');
  });

  it('rejects an unsupported language with a 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/public/pledge-document/?language=fr' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('language');
  });
});
