// The request form's messages appear as the customer types, before any call: the minimum, the maximum the
// picked collateral allows, the bank's maximum, the instalment range, no collateral picked, and a request
// already in progress. A valid request goes to confirm-loan/ with its figures and lines in the query; the
// public calculator's amount and instalments arrive already filled in.
import type { BorrowingPower } from '@lombard/shared/schemas/advances';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { BOND_FUND_LINE } from '../../../test/advance-fixtures';
import { renderWithQueryClient } from '../../../test/render';
import { RequestForm } from './request-form';

// The server's risk preview of the amount asked on the ticked lines: the fall that opens a call, the crisis
// replay and, when the slider asks for one, a fall of every line (figures as the server sends them).
const asked: URLSearchParams[] = [];
const stress = (call: boolean, value: string) => ({
  collateral_value: value,
  limit: value,
  loan_to_value: '0.7000',
  call,
  call_date: call ? '2008-10-10' : null,
  shortfall: call ? '12500.00' : null,
  collateral_to_add: call ? '17857.15' : null,
  free_contribution: '0.00',
  free_value_to_pledge: null,
  curable_by_pledge: false,
});
vi.mock('../../../lib/http/client', async () =>
  (await import('../../../test/fake-http')).fakeHttp(async (config, reply) => {
    const params = config.params as URLSearchParams;
    asked.push(params);
    const fall = params.get('fall');
    return reply({
      fall: params.get('amount') === '50000.00' ? '0.3421' : '0.6000',
      in_call: false,
      lines: [{ key: 'position:1', label: 'Lombard Bond Euro', asset_class: 'bond' }],
      crises: [
        {
          id: 'gfc-2008',
          start: '2007-10-31',
          end: '2009-03-09',
          drawdowns: [
            {
              asset_class: 'equity',
              fall: '0.5907',
              source: 'MSCI World (price, USD)',
              from: '2007-10-31',
              to: '2009-03-09',
              approximate: false,
            },
          ],
          result: stress(true, '31000.00'),
        },
      ],
      custom: fall === null ? null : stress(fall === '0.45', '40000.00'),
    });
  }),
);
const POWER: BorrowingPower = {
  lines: [
    BOND_FUND_LINE,
    {
      key: 'stock-plan:4',
      kind: 'stock_plan',
      label: 'Vela Robotics RSU',
      units: '500.000000',
      unit_price: '40.000000',
      value: '20000.00',
      loan_to_value: '0.3000',
      contribution: '6000.00',
      pledged: false,
    },
  ],
  collateral_total: '76000.00',
  maximum_applicable: '76000.00',
  bank_maximum: '250000.00',
  maximum_amount: '76000.00',
  binding: 'collateral',
  minimum_amount: '5000.00',
};

function renderForm(query = '', inProgress = false, power: BorrowingPower = POWER) {
  const router = createMemoryRouter(
    [
      { path: '/customer/loan/', element: <RequestForm power={power} inProgress={inProgress} /> },
      { path: '/customer/loan/confirm-loan/', element: <p>confirm</p> },
    ],
    { initialEntries: [`/customer/loan/${query}`] },
  );
  renderWithQueryClient(<RouterProvider router={router} />);
  return router;
}

const amount = () => screen.getByTestId('request-amount');
const instalments = () => screen.getByTestId('request-instalments');

describe('Advance request form', { timeout: 20_000 }, () => {
  it('tells the minimum advance when the amount is below it', async () => {
    renderForm();
    await userEvent.type(amount(), '4999');
    expect(await screen.findByText('Minimum advance amount is €5,000.')).toBeInTheDocument();
  });

  it('refuses an amount above what the picked collateral allows', async () => {
    renderForm();
    await userEvent.type(amount(), '76000.01');
    expect(
      await screen.findByText('You have exceeded the maximum applicable advance amount of €76,000.'),
    ).toBeInTheDocument();
  });

  it('counts only the picked lines: without the fund, the stock plan alone allows 6,000, and the hint says so', async () => {
    renderForm();
    expect(screen.getByText('From €5,000 to €76,000')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText(/Lombard Bond Euro/));
    expect(screen.getByText('From €5,000 to €6,000')).toBeInTheDocument();
    await userEvent.type(amount(), '6000.01');
    const message = 'You have exceeded the maximum applicable advance amount of €6,000.';
    expect(await screen.findByText(message)).toBeInTheDocument();
    await userEvent.clear(amount());
    await userEvent.type(amount(), '6000');
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });

  it("refuses an amount above the bank's maximum with that maximum when the bank binds", async () => {
    renderForm('', false, { ...POWER, bank_maximum: '50000.00', maximum_amount: '50000.00', binding: 'bank' });
    await userEvent.type(amount(), '50000.01');
    expect(
      await screen.findByText('You have exceeded the maximum advance offered by the bank of €50,000.'),
    ).toBeInTheDocument();
  });

  it('above both maxima names the lower one, the collateral here', async () => {
    renderForm();
    await userEvent.type(amount(), '250001');
    expect(
      await screen.findByText('You have exceeded the maximum applicable advance amount of €76,000.'),
    ).toBeInTheDocument();
  });

  it('keeps the instalments between 1 and 40', async () => {
    renderForm();
    await userEvent.clear(instalments());
    await userEvent.type(instalments(), '41');
    expect(await screen.findByText('Number of instalments: greater than 0, maximum 40.')).toBeInTheDocument();
  });

  it('asks for at least one collateral line', async () => {
    const router = renderForm();
    await userEvent.click(screen.getByLabelText(/Lombard Bond Euro/));
    await userEvent.click(screen.getByLabelText(/Vela Robotics RSU/));
    await userEvent.type(amount(), '5000');
    await userEvent.click(screen.getByTestId('request-continue'));
    expect(await screen.findByText('Choose at least one collateral line to pledge.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/customer/loan/');
  });

  it('says a request is already in progress and offers no way on', async () => {
    renderForm('', true);
    expect(screen.getByTestId('request-in-progress')).toHaveTextContent(
      'You already have an advance request in progress.',
    );
    expect(screen.getByTestId('request-continue')).toBeDisabled();
  });

  it('back from the confirmation keeps the lines picked there', () => {
    renderForm('?amount=6000.00&instalments=4&collateral=stock-plan%3A4');
    expect(screen.getByLabelText(/Vela Robotics RSU/)).toBeChecked();
    expect(screen.getByLabelText(/Lombard Bond Euro/)).not.toBeChecked();
  });

  it("fills in the public calculator's amount and instalments and continues to the confirmation", async () => {
    const router = renderForm('?amount=50000.00&instalments=12');
    expect(amount()).toHaveValue('50,000.00');
    expect(instalments()).toHaveValue('12');
    expect(screen.getByTestId('request-preview')).toHaveTextContent('Quarterly interest €550.00');
    // The server's figure for this amount on the ticked lines, in a sentence.
    expect(await screen.findByTestId('request-risk')).toHaveTextContent(
      'At this amount a fall of 34.21% in the value of the chosen collateral would open a margin call.',
    );
    await userEvent.click(screen.getByTestId('request-continue'));
    expect(router.state.location.pathname).toBe('/customer/loan/confirm-loan/');
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('amount')).toBe('50000.00');
    expect(search.get('instalments')).toBe('12');
    expect(search.getAll('collateral')).toEqual(['position:1', 'stock-plan:4']);
  });

  it('replays a past crisis and a chosen fall on the amount asked, before borrowing', async () => {
    renderForm('?amount=50000.00&instalments=12');
    const replay = await screen.findByTestId('request-replay');
    expect(replay).not.toHaveAttribute('open');
    await userEvent.click(screen.getByText('See what past crises would have done at this amount'));
    expect(replay).toHaveAttribute('open');
    expect(screen.getByTestId('crisis-result-verdict')).toHaveTextContent(
      'A margin call would have opened around 10/10/2008',
    );
    expect(screen.getByTestId('crisis-result-repay')).toHaveTextContent('€12,500.00');
    // The slider's fall is asked for on the same amount and lines.
    const slider = screen.getByRole('slider');
    slider.focus();
    await userEvent.keyboard('{ArrowRight}'.repeat(15));
    // At 30 % (where the slider starts) none would open; at 45 % one would, once the typing pauses.
    await waitFor(() =>
      expect(screen.getByTestId('custom-result-verdict')).toHaveTextContent('A margin call would have opened'),
    );
    const last = asked.at(-1)!;
    expect([last.get('amount'), last.get('fall'), last.getAll('collateral')]).toEqual([
      '50000.00',
      '0.45',
      ['position:1', 'stock-plan:4'],
    ]);
  });
});
