// Demo stock plan, made through the same service calls as a customer's registration and an operator's
// verification: the demo customer holds vested units of a partner company's plan, verified and free, so
// that the advance screens show a stock-plan collateral line next to the funds (and no advance yet).
import { calendarDate } from '@lombard/shared/money/business-days';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Queryable, Transaction } from '../db/client';
import type { FlowContext } from '../lib/flow-context';
import { translator } from '../lib/i18n';
import { getAccountByEmail } from '../modules/account/service';
import { activePartners } from '../modules/partners/service';
import { registerStockPlan, verifyStockPlan } from '../modules/stock-plans/service';

const DAY_MS = 86_400_000;
const DEMO_PARTNER = 'Vela Robotics';

/** A one-page plan statement, as an employer's share-plan administrator would issue it. */
async function planStatement(lines: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595.28, 841.89]);
  lines.forEach((line, i) => {
    page.drawText(line, { x: 56, y: 780 - i * 20, size: i === 0 ? 16 : 11, font });
  });
  doc.setCreationDate(new Date('2026-01-15T09:00:00Z'));
  doc.setModificationDate(new Date('2026-01-15T09:00:00Z'));
  return Buffer.from(await doc.save());
}

export async function seedDemoStockPlans(
  db: Queryable,
  links: Pick<FlowContext, 'files' | 'publicUrl' | 'supportEmail'>,
): Promise<void> {
  const tx = db as Transaction;
  // One after the other: a transaction is one connection, which runs one query at a time.
  const customer = await getAccountByEmail(tx, 'customer@demo.lombard.test');
  const admin = await getAccountByEmail(tx, 'admin@demo.lombard.test');
  const partner = (await activePartners(tx)).find((p) => p.name === DEMO_PARTNER);
  if (!customer || !admin || !partner) return;
  const registeredAt = new Date(Date.now() - 12 * DAY_MS);
  const bytes = await planStatement([
    `${DEMO_PARTNER} S.p.A. - Piano RSU 2023`,
    `Partecipante: ${customer.firstName} ${customer.lastName}`,
    'Azioni maturate (vested) al 31/12/2025: 1.200',
    'Prezzo di riferimento: 18,40 EUR (chiusura di mercato)',
    "Documento emesso dall'amministratore del piano.",
  ]);
  const plan = await registerStockPlan(
    tx,
    links.files,
    customer.id,
    {
      partner_id: partner.id,
      plan_name: 'Piano RSU 2023',
      vested_units: '1200',
      unit_price: '18.40',
      price_source: 'market_close',
    },
    { side: null, fileName: 'piano-rsu-2023.pdf', contentType: 'application/pdf', bytes },
    registeredAt,
  );
  const verifiedAt = new Date(Date.now() - 10 * DAY_MS);
  const context: FlowContext = {
    now: verifiedAt,
    today: calendarDate(verifiedAt),
    language: 'it',
    t: translator('it'),
    actor: { id: admin.id, email: admin.email },
    ...links,
  };
  await verifyStockPlan(tx, context, plan.id, {});
}
