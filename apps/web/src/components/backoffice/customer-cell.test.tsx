// The customer of a back-office row: the name with the email under it, else the email, else the id.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { CustomerCell } from './customer-cell';

describe('Back-office customer cell', () => {
  it('shows the name with the email under it', () => {
    renderWithProviders(
      <CustomerCell user={{ id: 31, email: 'chiara.conti@example.com', full_name: 'Chiara Conti' }} />,
    );
    expect(screen.getByText('Chiara Conti')).toBeInTheDocument();
    expect(screen.getByText('chiara.conti@example.com')).toBeInTheDocument();
  });

  it('shows the email alone when the name is not known yet', () => {
    renderWithProviders(<CustomerCell user={{ id: 31, email: 'chiara.conti@example.com', full_name: '' }} />);
    expect(screen.getAllByText('chiara.conti@example.com')).toHaveLength(1);
  });

  it('falls back to the id when neither name nor email is known', () => {
    renderWithProviders(<CustomerCell user={{ id: 31, email: null, full_name: null }} />);
    expect(screen.getByText('#31')).toBeInTheDocument();
  });
});
