// The kinds and statuses of a transaction, apart from its schemas (schemas/transactions.ts): list pages
// filter and label by them, and a page that only reads answers must not bring zod with it
// (docs/decisions/016).

/**
 * Money on the customer's side of the ledger, as the customer sees it: one row per thing they asked for
 * or that happened to their money. Orders are the invest and disinvest rows.
 */
export const TRANSACTION_TYPES = ['deposit', 'withdrawal', 'invest', 'disinvest'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/**
 * - awaiting_transfer: an investment paid by bank transfer, waiting for the money to arrive;
 * - submitted: accepted, money or units reserved, waiting for the operator (settlement, execution);
 * - executed: done, the ledger moved; rejected: refused by an operator (reason given);
 * - cancelled: withdrawn by the customer before anything happened.
 */
export const TRANSACTION_STATUSES = ['awaiting_transfer', 'submitted', 'executed', 'rejected', 'cancelled'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const PAYMENT_METHODS = ['cash', 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
