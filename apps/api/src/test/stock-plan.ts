// A verified company stock plan of a fixture investor, registered with its document through the API and
// verified by the operator: 1,000 shares at 30 € (loan-to-value 30 %: 9,000 € of borrowing power).
import type { Investor, MoneyFixture } from './money';
import { multipartBody } from './multipart';

const PLAN_PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** Answers the plan's id. */
export async function verifiedStockPlan(f: MoneyFixture, investor: Investor): Promise<number> {
  const { payload, headers } = multipartBody([
    ...Object.entries({
      company_name: 'Acme Industries S.p.A.',
      plan_name: 'RSU 2024',
      vested_units: '1000',
      unit_price: '30.00',
      price_source: 'market_close',
    }).map(([name, value]) => ({ name, value })),
    { name: 'file', fileName: 'plan.pdf', contentType: 'application/pdf', data: PLAN_PDF },
  ]);
  const created = await f.app.inject({
    method: 'POST',
    url: '/api/v1/stock-plans/',
    headers: { ...investor.session.headers, ...headers, 'accept-language': 'en' },
    payload,
  });
  if (created.statusCode !== 201) throw new Error(`stock plan: ${created.statusCode} ${created.body}`);
  const id = created.json().id as number;
  const verified = await f.post(f.admin, `/api/v1/backoffice/stock-plans/${id}/verify/`, {});
  if (verified.statusCode !== 200) throw new Error(`verification: ${verified.statusCode} ${verified.body}`);
  return id;
}
