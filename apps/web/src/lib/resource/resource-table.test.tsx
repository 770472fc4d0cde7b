// The list kit against a fake resource: sorting by header, filters in the URL resetting the page, the
// step back after a 404 on a later page, truncated text, empty state, and select-all minus exceptions.
import { bulkPayload } from '@lombard/shared/query-string';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../test/render';
import { theme } from '../theme/theme';
import { BulkBar } from './bulk-bar';
import { type Column, ResourceTable } from './resource-table';
import { useResourceList } from './use-resource-list';
import { type SelectionControls, useSelection } from './use-selection';

const fake = vi.hoisted(() => ({
  requests: [] as URLSearchParams[],
  answer: (_params: URLSearchParams): { status: number; data: unknown } => ({ status: 200, data: null }),
}));

vi.mock('../http/client', async () => {
  const { createHttpClient } = await import('../http/http-client');
  const http = createHttpClient();
  http.defaults.transport = async (config) => {
    const params = new URLSearchParams(config.params as URLSearchParams);
    fake.requests.push(params);
    const { status, data } = fake.answer(params);
    return { status, data, headers: {} };
  };
  return { http };
});

type Row = { id: number; email: string; note: string };
const ALL: Row[] = Array.from({ length: 23 }, (_, i) => ({
  id: i + 1,
  email: `user${String(i + 1).padStart(2, '0')}@example.com`,
  note: i === 0 ? 'A note that is much longer than forty characters, surely' : 'short',
}));

/** A tiny server: sorting by email, a `search` filter, pages. */
function serve(params: URLSearchParams) {
  const page = Number(params.get('page'));
  const perPage = Number(params.get('per_page'));
  let rows = ALL.filter((r) => r.email.includes(params.get('search') ?? ''));
  if (params.get('order_by__') === '-email') rows = [...rows].reverse();
  const pages = Math.max(1, Math.ceil(rows.length / perPage));
  if (page > pages) return { status: 404, data: { detail: 'Element not found' } };
  return {
    status: 200,
    data: {
      results: rows.slice((page - 1) * perPage, page * perPage),
      count: rows.length,
      next: null,
      previous: null,
      per_page: perPage,
      page,
    },
  };
}

const columns: Column<Row>[] = [
  { key: 'email', header: 'E-mail', sortField: 'email', primary: true },
  { key: 'note', header: 'Note' },
];

let selectionRef: SelectionControls | null = null;
let listRef: ReturnType<typeof useResourceList<Row>> | null = null;

function Harness() {
  const list = useResourceList<Row>('/api/v1/things/');
  const selection = useSelection(JSON.stringify(list.state.filters));
  const location = useLocation();
  listRef = list;
  selectionRef = selection;
  return (
    <>
      <output data-testid="location">{location.search}</output>
      <BulkBar list={list} selection={selection} actions={[]} />
      <ResourceTable list={list} columns={columns} label="Things" selection={selection} onOpen={() => {}} />
    </>
  );
}

function renderAt(url: string): ReturnType<typeof render> {
  const router = createMemoryRouter([{ path: '/things/', element: <Harness /> }], { initialEntries: [url] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (ui: ReactNode) => (
    <I18nextProvider i18n={createTestI18n('en')}>
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={client}>{ui}</QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
  return render(wrap(<RouterProvider router={router} />));
}

const rowEmails = () =>
  screen.queryAllByTestId('resource-row').map((row) => within(row).getByTestId('open-row').textContent);
const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  fake.requests = [];
  fake.answer = serve;
  selectionRef = null;
  listRef = null;
});

describe('ResourceTable + useResourceList', () => {
  it('loads page 1 of 10 and shows the range', async () => {
    renderAt('/things/');
    await waitFor(() => expect(rowEmails()).toHaveLength(10));
    expect(fake.requests[0]?.toString()).toBe('page=1&per_page=10');
    expect(screen.getByTestId('range')).toHaveTextContent('1–10 of 23');
  });

  it('sorts by clicking the header, kept in the URL, and marks the header', async () => {
    renderAt('/things/');
    await waitFor(() => expect(rowEmails()).toHaveLength(10));
    await userEvent.click(screen.getByTestId('sort-email'));
    await waitFor(() => expect(location()).toBe('?order_by__=email'));
    await userEvent.click(screen.getByTestId('sort-email'));
    await waitFor(() => expect(rowEmails()[0]).toBe('user23@example.com'));
    expect(location()).toBe('?order_by__=-email');
    expect(screen.getByRole('columnheader', { name: /E-mail/ })).toHaveAttribute('aria-sort', 'descending');
    expect(fake.requests.at(-1)?.get('order_by__')).toBe('-email');
  });

  it('reads its state from the URL, and a filter change goes back to page 1', async () => {
    renderAt('/things/?page=2&per_page=5');
    await waitFor(() => expect(rowEmails()[0]).toBe('user06@example.com'));
    act(() => listRef!.setFilters({ search: 'user1', empty: '' }));
    await waitFor(() => expect(location()).toBe('?per_page=5&search=user1'));
    await waitFor(() => expect(rowEmails()[0]).toBe('user10@example.com'));
    expect(fake.requests.at(-1)?.toString()).toBe('page=1&per_page=5&search=user1');
  });

  it('steps back one page and reloads when a later page answers 404', async () => {
    renderAt('/things/?page=4&per_page=10');
    await waitFor(() => expect(location()).toBe('?page=3'));
    await waitFor(() =>
      expect(rowEmails()).toEqual(['user21@example.com', 'user22@example.com', 'user23@example.com']),
    );
    expect(fake.requests.map((r) => r.get('page'))).toEqual(['4', '3']);
  });

  it('cuts long text at 40 characters with the whole text available', async () => {
    renderAt('/things/');
    await waitFor(() => expect(rowEmails()).toHaveLength(10));
    const cut = screen.getByLabelText(ALL[0]!.note);
    expect(cut.textContent).toBe(`${ALL[0]!.note.slice(0, 40).trimEnd()}…`);
  });

  it('shows the empty state', async () => {
    fake.answer = () => ({
      status: 200,
      data: { results: [], count: 0, next: null, previous: null, per_page: 10, page: 1 },
    });
    renderAt('/things/');
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No results');
  });

  it('selects every filtered row across pages minus the unticked ones, sending excluded_ids', async () => {
    renderAt('/things/');
    await waitFor(() => expect(rowEmails()).toHaveLength(10));
    await userEvent.click(screen.getByTestId('page-checkbox'));
    expect(screen.getByTestId('selection-size')).toHaveTextContent('10 selected');
    await userEvent.click(screen.getByTestId('select-all-results'));
    const boxes = screen.getAllByTestId('row-checkbox');
    await userEvent.click(boxes[0]!);
    await userEvent.click(boxes[1]!);
    expect(screen.getByTestId('selection-size')).toHaveTextContent('All 21 results selected');
    expect(bulkPayload(selectionRef!.selection, listRef!.state.filters)).toEqual({ excluded_ids: [1, 2], filters: {} });
    // Without select-all, the ticked ids.
    await userEvent.click(screen.getByTestId('clear-selection'));
    await userEvent.click(screen.getAllByTestId('row-checkbox')[2]!);
    expect(bulkPayload(selectionRef!.selection, {})).toEqual({ filtered_ids: [3], filters: {} });
  });

  it('starts a new selection when the filters change', async () => {
    renderAt('/things/');
    await waitFor(() => expect(rowEmails()).toHaveLength(10));
    await userEvent.click(screen.getAllByTestId('row-checkbox')[0]!);
    expect(selectionRef!.selection.ids).toEqual([1]);
    act(() => listRef!.setFilters({ search: 'user2' }));
    await waitFor(() => expect(selectionRef!.selection.ids).toEqual([]));
  });
});
