import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { SHOW_DELAY_MS, TopProgress } from './top-progress';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup(busy = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = renderWithProviders(
    <QueryClientProvider client={client}>
      <TopProgress busy={busy} />
    </QueryClientProvider>,
  );
  return { client, view };
}

describe('TopProgress', () => {
  it('appears only when a call lasts longer than the show delay, and goes away when it ends', async () => {
    const { client } = setup();
    let finish: (value: string) => void = () => {};
    act(() => {
      void client.fetchQuery({
        queryKey: ['slow'],
        queryFn: () => new Promise<string>((resolve) => (finish = resolve)),
      });
    });
    await act(async () => vi.advanceTimersByTimeAsync(SHOW_DELAY_MS - 50));
    expect(screen.queryByRole('progressbar')).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(100));
    const bar = screen.getByRole('progressbar', { name: 'Loading' });
    expect(document.body).toHaveAttribute('aria-busy', 'true');
    await act(async () => vi.advanceTimersByTimeAsync(3000));
    expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThan(10);
    expect(Number(bar.getAttribute('aria-valuenow'))).toBeLessThan(100);

    await act(async () => {
      finish('done');
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(document.body).not.toHaveAttribute('aria-busy');
  });

  it('never flashes for a quick call', async () => {
    const { client } = setup();
    await act(async () => {
      await client.fetchQuery({ queryKey: ['quick'], queryFn: async () => 'ok' });
      await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS * 3);
    });
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('also follows outside activity such as a route download', async () => {
    setup(true);
    await act(async () => vi.advanceTimersByTimeAsync(SHOW_DELAY_MS + 10));
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
  });
});
