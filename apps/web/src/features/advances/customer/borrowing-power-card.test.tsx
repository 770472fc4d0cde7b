// The borrowing power as the customer reads it: each line's value, loan-to-value and contribution, the two
// maxima, and a sentence saying which of them sets the limit; a pledged line contributes nothing more.
import type { BorrowingPower } from '@lombard/shared/schemas/advances';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BOND_FUND_LINE } from '../../../test/advance-fixtures';
import { renderWithProviders } from '../../../test/render';
import { BorrowingPowerCard } from './borrowing-power-card';

const power = (overrides: Partial<BorrowingPower> = {}): BorrowingPower => ({
  lines: [
    BOND_FUND_LINE,
    {
      key: 'position:2',
      kind: 'position',
      label: 'Lombard Equity World',
      units: '200.000000',
      unit_price: '50.000000',
      value: '10000.00',
      loan_to_value: '0.5000',
      contribution: '5000.00',
      pledged: true,
    },
  ],
  collateral_total: '70000.00',
  maximum_applicable: '70000.00',
  bank_maximum: '250000.00',
  maximum_amount: '70000.00',
  binding: 'collateral',
  minimum_amount: '5000.00',
  ...overrides,
});

function renderCard(
  value: BorrowingPower,
  props: { compact?: boolean; link?: string } = {},
  language: 'it' | 'en' = 'en',
) {
  renderWithProviders(
    <MemoryRouter>
      <BorrowingPowerCard power={value} {...props} />
    </MemoryRouter>,
    { language },
  );
}

describe('Borrowing power card', () => {
  it('shows every line with its value, loan-to-value and contribution', () => {
    renderCard(power());
    const fund = within(screen.getByTestId('power-line-position:1'));
    expect(fund.getByText('Lombard Bond Euro')).toBeInTheDocument();
    expect(fund.getByText('1,000 units at €100.00')).toBeInTheDocument();
    expect(fund.getByText('€100,000.00')).toBeInTheDocument();
    expect(fund.getByText('70.00%')).toBeInTheDocument();
    expect(fund.getByText('€70,000.00')).toBeInTheDocument();
  });

  it('marks a pledged line and counts nothing more for it', () => {
    renderCard(power());
    const pledged = within(screen.getByTestId('power-line-position:2'));
    expect(pledged.getByText('Already pledged')).toBeInTheDocument();
    expect(pledged.getByText('—')).toBeInTheDocument();
  });

  it('says the collateral binds when it allows less than the bank', () => {
    renderCard(power());
    expect(screen.getByTestId('power-maximum')).toHaveTextContent('€70,000.00');
    expect(screen.getByTestId('power-binding')).toHaveTextContent(
      "Your collateral sets the limit: it supports an advance of €70,000.00, below the bank's maximum of €250,000.00.",
    );
    expect(screen.getByTestId('power-collateral')).toHaveTextContent('€70,000.00');
    expect(screen.getByTestId('power-bank')).toHaveTextContent('€250,000.00');
  });

  it("says the bank's maximum binds when the collateral would allow more, in Italian too", () => {
    const bank = power({ maximum_applicable: '300000.00', maximum_amount: '250000.00', binding: 'bank' });
    renderCard(bank, {}, 'it');
    expect(screen.getByTestId('power-maximum')).toHaveTextContent('250.000,00 €');
    expect(screen.getByTestId('power-binding')).toHaveTextContent(
      'Il limite è il massimo concesso dalla banca, 250.000,00 €: le tue garanzie ne consentirebbero 300.000,00 €.',
    );
  });

  it('on the home shows the headline and the way to request, without the lines', () => {
    renderCard(power(), { compact: true, link: '/customer/loan/' });
    expect(screen.queryByTestId('power-lines')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request an advance' })).toHaveAttribute('href', '/customer/loan/');
  });

  it('says so when every line is already pledged', () => {
    const pledged = power();
    renderCard({
      ...pledged,
      lines: pledged.lines.map((line) => ({ ...line, pledged: true })),
      maximum_amount: '0.00',
    });
    expect(screen.getByTestId('power-binding')).toHaveTextContent(
      'All your collateral is pledged to your advance: invest more or register a stock plan to borrow more.',
    );
  });

  it('without collateral says how to get some', () => {
    renderCard(power({ lines: [], maximum_applicable: '0.00', maximum_amount: '0.00' }));
    expect(screen.getByTestId('power-binding')).toHaveTextContent(
      "You have no collateral to pledge yet: invest in a product or register your company's stock plan.",
    );
  });
});
