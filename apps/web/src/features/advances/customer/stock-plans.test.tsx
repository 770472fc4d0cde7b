// Registering a stock plan: the employer is a partner company picked from the list (sent by id) or another
// listed company typed by name; a partner's landing page opens the form with that partner already picked.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueryClient } from '../../../test/render';
import { StockPlans } from './stock-plans';

const sent: Array<Record<string, string>> = [];

vi.mock('../../../lib/http/client', async () =>
  (await import('../../../test/fake-http')).fakeHttp(async (config, reply) => {
    const url = config.url ?? '';
    if (url === '/api/v1/profile/employers/') {
      return reply([
        { id: 3, name: 'Aurora Energia', slug: 'aurora-energia' },
        { id: 7, name: 'Vela Robotics', slug: 'vela-robotics' },
      ]);
    }
    if (url === '/api/v1/stock-plans/' && config.method === 'post') {
      const body = config.data as FormData;
      const fields: Record<string, string> = {};
      for (const [key, value] of body.entries()) fields[key] = typeof value === 'string' ? value : 'file';
      sent.push(fields);
      return reply(
        {
          id: 11,
          status: 'submitted',
          status_name: 'Submitted',
          company: fields.company_name ?? 'Vela Robotics',
          partner_id: fields.partner_id ? Number(fields.partner_id) : null,
          plan_name: fields.plan_name,
          vested_units: '120.000000',
          pledged_units: '0.000000',
          unit_price: '18.400000',
          price_source: 'market_close',
          value: '2208.00',
          loan_to_value: '0.3000',
          document_id: 4,
          reason: null,
          created_at: '2026-11-24T10:00:00Z',
          verified_at: null,
        },
        201,
      );
    }
    return reply({ results: [], count: 0, next: null, previous: null, per_page: 50, page: 1 });
  }),
);

beforeEach(() => {
  sent.length = 0;
});

function renderPlans(path = '/customer/loan/') {
  renderWithQueryClient(
    <MemoryRouter initialEntries={[path]}>
      <StockPlans plans={[]} />
    </MemoryRouter>,
  );
}

async function fillPlan(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByTestId('plan-name'), 'RSU 2024');
  await user.type(screen.getByTestId('plan-units'), '120');
  await user.type(screen.getByTestId('plan-price'), '18.40');
  const document = new File(['%PDF-1.4 plan'], 'plan.pdf', { type: 'application/pdf' });
  fireEvent.change(screen.getByTestId('plan-document-input'), { target: { files: [document] } });
  await user.click(screen.getByTestId('plan-submit'));
}

describe('stock plan registration', () => {
  it('sends a partner company picked from the list by its id, not its name', async () => {
    const user = userEvent.setup();
    renderPlans();
    await user.click(screen.getByTestId('register-plan'));
    await user.type(screen.getByTestId('plan-company'), 'Vela');
    await user.click(await screen.findByRole('option', { name: 'Vela Robotics' }));
    await fillPlan(user);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ partner_id: '7', plan_name: 'RSU 2024', vested_units: '120' });
    expect(sent[0]).not.toHaveProperty('company_name');
  });

  it('sends another listed company by the name the customer typed', async () => {
    const user = userEvent.setup();
    renderPlans();
    await user.click(screen.getByTestId('register-plan'));
    await user.type(screen.getByTestId('plan-company'), 'Stellantis N.V.');
    await fillPlan(user);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ company_name: 'Stellantis N.V.' });
    expect(sent[0]).not.toHaveProperty('partner_id');
  });

  it('opens with the partner of the landing page already picked', async () => {
    const user = userEvent.setup();
    renderPlans('/customer/loan/?partner=vela-robotics');
    expect(await screen.findByTestId('plan-company')).toHaveValue('Vela Robotics');
    await fillPlan(user);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ partner_id: '7' });
  });
});
