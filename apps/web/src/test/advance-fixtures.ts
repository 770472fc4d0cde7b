// Collateral the advance tests share: the customer's bond-fund line, 1,000 units at €100.00 (worth
// €100,000.00) lent against at 70%, so it contributes €70,000.00; free to pledge unless a test says so.
import type { CollateralLine } from '@lombard/shared/schemas/advances';

export const BOND_FUND_LINE: CollateralLine = {
  key: 'position:1',
  kind: 'position',
  label: 'Lombard Bond Euro',
  units: '1000.000000',
  unit_price: '100.000000',
  value: '100000.00',
  loan_to_value: '0.7000',
  contribution: '70000.00',
  pledged: false,
};
