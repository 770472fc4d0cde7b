// The lists: the customer's own transactions, and the operators' orders, incoming transfers and
// withdrawals of every customer (generic resources: paging, filters, sorting, XLSX export).
import { bankNameFromIban } from '@lombard/shared/schemas/profile';
import {
  backofficeTransactionSchema,
  backofficeWithdrawalSchema,
  transactionSchema,
} from '@lombard/shared/schemas/transactions';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@lombard/shared/transaction-kinds';
import { eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { transactions } from '../../db/schema/transactions';
import type { Translate } from '../../lib/i18n';
import { defineResource, type ExportColumn, type FieldSpec } from '../../lib/resource/types';
import { approvedBankAccountOf, type BankAccountData } from '../profile/service';
import { operatorColumns, serializeTransaction, type TransactionRow, transactionColumns } from './records';

const fields = {
  id: { expr: transactions.id, type: 'id', sortable: true, filterable: true },
  type: { expr: transactions.type, type: 'enum', values: TRANSACTION_TYPES, sortable: true, filterable: true },
  status: { expr: transactions.status, type: 'enum', values: TRANSACTION_STATUSES, sortable: true, filterable: true },
  created_at: { expr: transactions.createdAt, type: 'datetime', sortable: true, filterable: true },
  amount: { expr: transactions.amount, type: 'amount', sortable: true, filterable: true },
  product: { expr: transactions.productId, type: 'id', filterable: true },
  reference_code: { expr: transactions.referenceCode, type: 'text', filterable: true },
  execute_on: { expr: transactions.executeOn, type: 'date', sortable: true, filterable: true },
} satisfies Record<string, FieldSpec>;

const name = (t: Translate, group: 'types' | 'statuses', value: string) => t(`transactions:${group}.${value}`);

const exportColumns: ExportColumn<TransactionRow>[] = [
  { header: 'transactions:export.id', type: 'integer', value: 'id' },
  { header: 'transactions:export.createdAt', type: 'datetime', value: 'createdAt' },
  { header: 'transactions:export.type', type: 'text', value: (row, c) => name(c.t, 'types', row.type) },
  { header: 'transactions:export.status', type: 'text', value: (row, c) => name(c.t, 'statuses', row.status) },
  { header: 'transactions:export.product', type: 'text', value: 'productName', width: 34 },
  { header: 'transactions:export.isin', type: 'text', value: 'productIsin', width: 14 },
  { header: 'transactions:export.amount', type: 'amount', value: 'amount' },
  { header: 'transactions:export.units', type: 'text', value: 'units' },
  { header: 'transactions:export.nav', type: 'text', value: 'nav' },
  { header: 'transactions:export.fee', type: 'amount', value: 'fee' },
  { header: 'transactions:export.reference', type: 'text', value: 'referenceCode', width: 26 },
  { header: 'transactions:export.executeOn', type: 'date', value: 'executeOn' },
  { header: 'transactions:export.executedAt', type: 'datetime', value: 'executedAt' },
  { header: 'transactions:export.reason', type: 'text', value: 'reason', width: 40 },
];

export const myTransactions = defineResource({
  name: 'transactions',
  path: '/api/v1/transactions/',
  docs: { tag: 'transactions', summary: 'My transactions' },
  profiles: ['lead', 'customer', 'admin'],
  // The customer's own list: nothing an operator changes, nothing to audit.
  audit: false,
  from: transactions,
  select: transactionColumns,
  id: transactions.id,
  scope: (context) => eq(transactions.userId, context.user.id),
  keptPerUser: true,
  fields,
  defaultOrder: ['-created_at'],
  item: transactionSchema,
  serialize: (row, context) => serializeTransaction(row as TransactionRow, context.t),
  export: { title: 'transactions:export.title', columns: exportColumns },
});

type OperatorRow = TransactionRow & { userEmail: string | null; userFullName: string | null };

const operatorFields = {
  ...fields,
  user: { expr: transactions.userId, type: 'id', filterable: true },
  user_email: { expr: operatorColumns.userEmail, type: 'text', sortable: true, filterable: true },
  payer_name: { expr: transactions.payerName, type: 'text', filterable: true },
  value_date: { expr: transactions.valueDate, type: 'date', sortable: true, filterable: true },
} satisfies Record<string, FieldSpec>;

const operatorExport: ExportColumn<OperatorRow>[] = [
  ...(exportColumns as ExportColumn<OperatorRow>[]).slice(0, 2),
  { header: 'transactions:export.customer', type: 'text', value: 'userFullName', width: 26 },
  { header: 'transactions:export.email', type: 'text', value: 'userEmail', width: 30 },
  ...(exportColumns as ExportColumn<OperatorRow>[]).slice(2),
  { header: 'transactions:export.payer', type: 'text', value: 'payerName', width: 26 },
  { header: 'transactions:export.valueDate', type: 'date', value: 'valueDate' },
];

function operatorList(input: {
  name: string;
  path: string;
  summary: string;
  title: string;
  /** Which rows of `transactions` the list shows. */
  rows: SQL | undefined;
  defaultOrder?: string[];
}) {
  return defineResource({
    name: input.name,
    path: input.path,
    docs: { tag: 'backoffice', summary: input.summary },
    profiles: ['admin'],
    // Reading is not a change; the actions on these rows are audited by the flows themselves.
    audit: false,
    from: transactions,
    select: operatorColumns,
    id: transactions.id,
    scope: () => input.rows,
    fields: operatorFields,
    search: [operatorColumns.userEmail, operatorColumns.userFullName, transactions.referenceCode],
    defaultOrder: input.defaultOrder ?? ['-created_at'],
    item: backofficeTransactionSchema,
    serialize: (row, context) => {
      const typed = row as OperatorRow;
      return {
        ...serializeTransaction(typed, context.t),
        user: { id: typed.userId, email: typed.userEmail, full_name: typed.userFullName },
        payer_name: typed.payerName,
        value_date: typed.valueDate,
      };
    },
    export: { title: input.title, columns: operatorExport },
  });
}

export const backofficeOrders = operatorList({
  name: 'backoffice.orders',
  path: '/api/v1/backoffice/orders/',
  summary: 'Orders of every customer',
  title: 'transactions:export.ordersTitle',
  rows: inArray(transactions.type, ['invest', 'disinvest']),
});
/**
 * Every transfer an operator recorded: a deposit to cash, and an investment the transfer paid for (which
 * keeps its own row and reference, the one the payer quoted). Only a recorded transfer writes the payer.
 * Newest value date first: a funded order was placed days before its money arrived.
 */
export const backofficeTransfers = operatorList({
  name: 'backoffice.transfers',
  path: '/api/v1/backoffice/transfers/',
  summary: 'Incoming bank transfers recorded',
  title: 'transactions:export.transfersTitle',
  rows: or(eq(transactions.type, 'deposit'), isNotNull(transactions.payerName)),
  defaultOrder: ['-value_date', '-created_at'],
});
const withdrawals = operatorList({
  name: 'backoffice.withdrawals',
  path: '/api/v1/backoffice/withdrawals/',
  summary: 'Withdrawals of every customer',
  title: 'transactions:export.withdrawalsTitle',
  rows: eq(transactions.type, 'withdrawal'),
});
/** Withdrawals also name the account each is paid to: the operator checks it before paying out. */
export const backofficeWithdrawals = defineResource({
  ...withdrawals,
  select: {
    ...operatorColumns,
    payoutAccount: approvedBankAccountOf(sql`${transactions}.${sql.identifier(transactions.userId.name)}`),
  },
  item: backofficeWithdrawalSchema,
  serialize: (row, context) => {
    const account = (row as OperatorRow & { payoutAccount: BankAccountData | null }).payoutAccount;
    return {
      ...withdrawals.serialize(row as OperatorRow, context),
      payout_account: account && { ...account, bank_name: bankNameFromIban(account.iban) },
    };
  },
});
