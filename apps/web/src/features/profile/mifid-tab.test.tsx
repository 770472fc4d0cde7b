// The MiFID questionnaire keeps half-given answers through a reload (a draft in the tab's session), and
// drops the draft once the answers are sent.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it, vi } from 'vitest';
import { renderWithQueryClient } from '../../test/render';
import { MifidTab } from './mifid-tab';

vi.mock('../../lib/notify', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));
vi.mock('../../lib/http/client', async () =>
  (await import('../../test/fake-http')).fakeHttp(async (config, reply) => {
    const url = config.url ?? '';
    if (url === '/api/v1/mifid/questionnaire/') {
      return reply({
        version: 1,
        questions: [
          {
            id: 1,
            category: 'knowledge',
            text: 'Do you know what a bond is?',
            answers: [
              { id: 11, text: 'Yes' },
              { id: 12, text: 'No' },
            ],
          },
          {
            id: 2,
            category: 'horizon',
            text: 'How long will you invest?',
            answers: [
              { id: 21, text: 'A year' },
              { id: 22, text: 'Five years' },
            ],
          },
        ],
      });
    }
    if (url === '/api/v1/mifid/result/') return reply({ current: null, history: [] });
    return reply({ detail: 'unexpected' }, 500);
  }),
);

beforeEach(() => sessionStorage.clear());

it('keeps a half-given answer through a reload of the page', async () => {
  const first = renderWithQueryClient(<MifidTab />, { language: 'en' });
  await userEvent.setup().click(await screen.findByRole('radio', { name: 'No' }));
  expect(screen.getByRole('radio', { name: 'No' })).toBeChecked();
  first.unmount();

  // The page again, as after a reload: the answer is still there, the unanswered question still empty.
  renderWithQueryClient(<MifidTab />, { language: 'en' });
  await waitFor(() => expect(screen.getByRole('radio', { name: 'No' })).toBeChecked());
  expect(screen.getByRole('radio', { name: 'A year' })).not.toBeChecked();
  expect(screen.getByRole('radio', { name: 'Five years' })).not.toBeChecked();
});
