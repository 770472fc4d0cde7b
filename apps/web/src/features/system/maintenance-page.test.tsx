// The maintenance page carries the brand as the rest of the site shows it: the Lombard mark and name.
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { MaintenancePage } from './maintenance-page';

describe('MaintenancePage', () => {
  it('shows the brand logo, a link home', () => {
    renderWithProviders(
      <MemoryRouter>
        <MaintenancePage />
      </MemoryRouter>,
      { language: 'it' },
    );
    const brand = screen.getByTestId('maintenance-page').querySelector('a[href="/home/"]');
    expect(brand).toHaveTextContent('Lombard');
    // The drawn mark (as in the site's header), not the favicon's plain "L" tile.
    expect(brand?.querySelector('svg')).not.toBeNull();
    expect(brand?.querySelector('img')).toBeNull();
  });
});
