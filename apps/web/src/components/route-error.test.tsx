import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError } from '../lib/lazy-import';
import { renderWithProviders } from '../test/render';
import { ErrorScreen } from './route-error';

afterEach(() => vi.restoreAllMocks());

describe('ErrorScreen', () => {
  it('shows "Loading chunk failed" with a reload for a chunk that could not be downloaded', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    renderWithProviders(<ErrorScreen error={new ChunkLoadError('Failed to fetch dynamically imported module')} />);
    expect(screen.getByRole('heading', { name: 'Loading chunk failed' })).toBeInTheDocument();
    expect(screen.getByTestId('chunk-error')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload the page' }));
    expect(reload).toHaveBeenCalled();
  });

  it('recognises the browser message of a failed dynamic import, in Italian', () => {
    renderWithProviders(
      <ErrorScreen error={new TypeError('Failed to fetch dynamically imported module: /assets/x.js')} />,
      { language: 'it' },
    );
    expect(screen.getByRole('heading', { name: 'Caricamento della pagina non riuscito' })).toBeInTheDocument();
  });

  it('shows a generic error screen, without internals, for anything else', () => {
    renderWithProviders(<ErrorScreen error={new Error('Cannot read properties of undefined')} />);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.queryByText(/Cannot read properties/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/home/');
  });
});
