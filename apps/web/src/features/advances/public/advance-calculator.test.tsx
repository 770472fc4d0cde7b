// The calculator's messages are for the person using it: the amount one may enter, in euros as the
// language writes them, and the term in years and months rather than fractions of a year.
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type AdvanceTerms, advanceTermsOf, advanceTermsProps } from '../../../lib/global-config';
import { renderWithProviders } from '../../../test/render';
import { AdvanceCalculator, formatTerm } from './advance-calculator';

function renderCalculator(language: 'it' | 'en', terms: AdvanceTerms = advanceTermsOf(undefined)) {
  renderWithProviders(
    <MemoryRouter>
      <AdvanceCalculator {...advanceTermsProps(terms)} />
    </MemoryRouter>,
    { language },
  );
}

const amountField = () => screen.getByTestId('calculator-amount');
const instalmentsField = () => screen.getByTestId('calculator-instalments');

describe('AdvanceCalculator messages', () => {
  it.each([
    ['en', '0', 'Enter an amount between €5,000 and €1,000,000.'],
    ['en', '1000001', 'Enter an amount between €5,000 and €1,000,000.'],
    ['it', '0', 'Inserisci un importo tra 5.000 € e 1.000.000 €.'],
    ['it', '1000001', 'Inserisci un importo tra 5.000 € e 1.000.000 €.'],
  ] as const)('in %s, %s asks for an amount in the allowed range', (language, amount, message) => {
    renderCalculator(language);
    fireEvent.change(amountField(), { target: { value: amount } });
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(amountField()).toHaveAttribute('aria-invalid', 'true');
  });

  it('tells the minimum advance below it, in euros', () => {
    renderCalculator('en');
    fireEvent.change(amountField(), { target: { value: '4000' } });
    expect(screen.getByText('Minimum advance amount is €5,000.')).toBeInTheDocument();
  });

  it('prices with the limits and rate bands the operator set, as the page hands them in', () => {
    renderCalculator('en', {
      ...advanceTermsOf(undefined),
      minimum: '7500.00',
      maximum: '300000.00',
      bands: [
        { from: '0.00', annualRate: '0.0600' },
        { from: '100000.00', annualRate: '0.0500' },
      ],
    });
    expect(screen.getByText('From €7,500 to under €100,000')).toBeInTheDocument();
    expect(screen.getAllByText('6.00%').length).toBeGreaterThan(0);
    expect(screen.queryByText('4.90%')).toBeNull();
    fireEvent.change(amountField(), { target: { value: '7000' } });
    expect(screen.getByText('Minimum advance amount is €7,500.')).toBeInTheDocument();
    fireEvent.change(amountField(), { target: { value: '300001' } });
    expect(screen.getByText('Enter an amount between €7,500 and €300,000.')).toBeInTheDocument();
  });

  it.each([
    ['en', '1', 'Term: 3 months'],
    ['en', '4', 'Term: 1 year'],
    ['en', '6', 'Term: 1 year and 6 months'],
    ['en', '8', 'Term: 2 years'],
    ['it', '1', 'Durata: 3 mesi'],
    ['it', '4', 'Durata: 1 anno'],
    ['it', '6', 'Durata: 1 anno e 6 mesi'],
    ['it', '40', 'Durata: 10 anni'],
  ] as const)('in %s, %s instalments read as a term in years and months', (language, instalments, term) => {
    renderCalculator(language);
    fireEvent.change(instalmentsField(), { target: { value: instalments } });
    expect(screen.getByText(term)).toBeInTheDocument();
  });
});

describe('AdvanceCalculator request link', () => {
  it("carries the quote's amount and instalments into the customer area's request form", () => {
    renderCalculator('en');
    fireEvent.change(amountField(), { target: { value: '75000' } });
    fireEvent.change(instalmentsField(), { target: { value: '12' } });
    expect(screen.getByTestId('calculator-request')).toHaveAttribute(
      'href',
      '/customer/loan/?amount=75000.00&instalments=12',
    );
  });
});

describe('formatTerm', () => {
  it('counts quarters as months and years, singular or plural', () => {
    expect([1, 2, 3, 4, 5, 7, 40].map((n) => formatTerm(n, 'en'))).toEqual([
      '3 months',
      '6 months',
      '9 months',
      '1 year',
      '1 year and 3 months',
      '1 year and 9 months',
      '10 years',
    ]);
    expect(formatTerm(9, 'it')).toBe('2 anni e 3 mesi');
  });
});
