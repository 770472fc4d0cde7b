// The advance's statement on request: one click asks the server to issue it, then downloads the file the
// server filed among the documents, under its own name; in the reader's language.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { downloadFile } from '../../../lib/resource/download';
import { renderWithQueryClient } from '../../../test/render';
import { StatementButton } from './statement-button';

const calls = vi.hoisted(() => [] as Array<{ method: string; url: string }>);

vi.mock('../../../lib/resource/download', () => ({ downloadFile: vi.fn(async () => 'statement.pdf') }));
vi.mock('../../../lib/http/client', async () =>
  (await import('../../../test/fake-http')).fakeHttp(async (config, reply) => {
    calls.push({ method: (config.method ?? 'get').toUpperCase(), url: config.url ?? '' });
    return reply(
      {
        id: 41,
        kind: 'advance_statement',
        origin: 'issued',
        type: 'advance_statement',
        number: null,
        issued_on: '2026-11-29',
        expires_on: null,
        status: 'active',
        created_at: '2026-11-29T10:00:00.000Z',
        files: [
          {
            id: 77,
            side: null,
            name: 'anticipo-7-situazione-2026-11-29.pdf',
            size: 2048,
            content_type: 'application/pdf',
          },
        ],
      },
      201,
    );
  }),
);

describe('advance statement button', () => {
  it('issues the statement and downloads its file', async () => {
    renderWithQueryClient(<StatementButton advanceId={7} />, { language: 'it' });
    await userEvent.click(screen.getByRole('button', { name: 'Scarica la situazione' }));
    await waitFor(() =>
      expect(downloadFile).toHaveBeenCalledWith(
        '/api/v1/documents/41/files/77/download/',
        'anticipo-7-situazione-2026-11-29.pdf',
      ),
    );
    expect(calls).toEqual([{ method: 'POST', url: '/api/v1/advances/7/statement/' }]);
  });

  it('speaks English to an English reader', () => {
    renderWithQueryClient(<StatementButton advanceId={7} />, { language: 'en' });
    expect(screen.getByRole('button', { name: 'Download the statement' })).toBeDefined();
  });
});
