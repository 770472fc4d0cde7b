// The header bell: unread count in its name and badge, the newest notifications in the panel, "mark
// all as read", and an export notification downloading its file under the server's name.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../lib/theme/theme';
import { createTestI18n } from '../../../test/render';
import { NotificationBell } from './notification-bell';

const server = vi.hoisted(() => ({
  unread: 3,
  calls: [] as Array<{ method: string; url: string }>,
}));

vi.mock('../../../lib/notify', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));
vi.mock('../../../lib/http/client', async () => {
  const { createHttpClient } = await import('../../../lib/http/http-client');
  const http = createHttpClient();
  const notification = (id: number, extra: Record<string, unknown>) => ({
    id,
    kind: 'order_settled',
    title: `Order ${id} executed`,
    message: 'Your order has been executed.',
    link: '/customer/transaction/',
    is_read: false,
    read_at: null,
    created_at: '2026-11-20T10:00:00Z',
    ...extra,
  });
  http.defaults.transport = async (config) => {
    const url = config.url ?? '';
    server.calls.push({ method: (config.method ?? 'get').toUpperCase(), url });
    const reply = (data: unknown, headers: Record<string, string> = {}) => ({ status: 200, data, headers });
    if (url.endsWith('unread-count/')) return reply({ count: server.unread });
    if (url.endsWith('read-all/')) {
      server.unread = 0;
      return reply({ updated: 3 });
    }
    if (url.endsWith('/read/')) return reply({});
    if (url.endsWith('download_document_file')) {
      return reply(new Blob(['xlsx']), {
        'content-disposition': `attachment; filename="users.xlsx"; filename*=UTF-8''utenti-%C3%A8.xlsx`,
      });
    }
    if (url === '/api/v1/notifications/') {
      return reply({
        results: [
          notification(9, {
            kind: 'export_ready',
            title: 'Your export is ready',
            link: '/api/v1/exports/4/download_document_file',
          }),
          notification(8, {}),
          notification(7, { is_read: true }),
        ],
        count: 3,
        next: null,
        previous: null,
        per_page: 5,
        page: 1,
      });
    }
    throw new Error(`unexpected call ${url}`);
  };
  return { http };
});

function renderBell() {
  const router = createMemoryRouter([{ path: '*', element: <NotificationBell /> }], {
    initialEntries: ['/customer/home/'],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={createTestI18n('en')}>
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

/** File names the page saved through a download link. */
const saved: string[] = [];

beforeEach(() => {
  server.unread = 3;
  server.calls = [];
  saved.length = 0;
  URL.createObjectURL = () => 'blob:test';
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.href.startsWith('blob:')) saved.push(this.download);
  });
});

describe('NotificationBell', () => {
  it('names the unread count and shows it on the badge', async () => {
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
    expect(screen.getByTestId('notification-count')).toHaveAttribute('data-count', '3');
  });

  it('tells assistive technology that the button opens the panel, and only the button', async () => {
    const { container } = renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(bell).toHaveAttribute('aria-haspopup', 'dialog');
    await userEvent.click(bell);
    const panel = await screen.findByTestId('notification-panel');
    expect(panel).toHaveAttribute('role', 'dialog');
    expect(panel).toHaveAttribute('aria-label', 'Notifications');
    // The panel's code arrived with the first click, and with it the button its Popover owns.
    const opened = screen.getByRole('button', { name: 'Notifications, 3 unread' });
    expect(opened).toHaveAttribute('aria-expanded', 'true');
    expect(opened).toHaveAttribute('aria-controls', panel.id);
    // A <div> may not carry aria-expanded: the badge around the button must not get it.
    const expandables = [...container.ownerDocument.querySelectorAll('[aria-expanded]')];
    expect(expandables).toEqual([opened]);
    // A second click closes it: the button is the panel's own now.
    await userEvent.click(opened);
    await waitFor(() => expect(screen.queryByTestId('notification-panel')).not.toBeInTheDocument());
    expect(opened).toHaveAttribute('aria-expanded', 'false');
  });

  it('lists the newest and marks them all read', async () => {
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    const items = await screen.findAllByTestId('notification-item');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveAttribute('data-unread', 'true');
    expect(items[2]).not.toHaveAttribute('data-unread');
    await userEvent.click(screen.getByTestId('mark-all-read'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument());
    expect(server.calls.some((c) => c.method === 'PATCH' && c.url.endsWith('read-all/'))).toBe(true);
  });

  it('an export notification is marked read and its file saved under the server’s name', async () => {
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    const [exportItem] = await screen.findAllByTestId('notification-item');
    await userEvent.click(exportItem!);
    await waitFor(() => expect(saved).toEqual(['utenti-è.xlsx']));
    expect(server.calls.map((c) => `${c.method} ${c.url}`)).toContain('PATCH /api/v1/notifications/9/read/');
  });
});
