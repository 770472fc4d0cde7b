import { z } from 'zod';
import { PAYMENT_METHODS, TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../transaction-kinds';
import {
  actConfirmationSchema,
  confirmationAskedFields,
  confirmationProofFields,
  hasProof,
  proofRequired,
} from './authenticator';
import { moneySchema } from './common';
import { AMOUNT_INPUT_DECIMAL, positiveDecimalString, UNITS_DECIMAL } from './decimal';
import { text } from './text';

/** Units of a fund cross the wire as a decimal string with up to six decimals. */
export const unitsSchema = z.string().regex(/^\d+(\.\d{1,6})?$/, 'validation:number');
/** A NAV per unit, six decimals. */
export const navSchema = z.string().regex(/^\d+(\.\d{1,6})?$/);

/** A positive amount in euro typed by a person: digits, optional dot and at most two decimals. */
export const amountInputSchema = positiveDecimalString(AMOUNT_INPUT_DECIMAL);

export const transactionSchema = z.object({
  id: z.number().int(),
  type: z.enum(TRANSACTION_TYPES),
  type_name: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  status_name: z.string(),
  /** Euro amount: invested, withdrawn, deposited, or the proceeds of a disinvestment once executed. */
  amount: moneySchema.nullable(),
  /** Units bought or sold (null until an investment executes). */
  units: unitsSchema.nullable(),
  nav: navSchema.nullable(),
  nav_date: z.string().nullable(),
  /** Entry cost charged on an investment. */
  fee: moneySchema.nullable(),
  product: z.object({ id: z.number().int(), name: z.string(), isin: z.string() }).nullable(),
  payment_method: z.enum(PAYMENT_METHODS).nullable(),
  /** ISO 11649 creditor reference (RF…) quoted on a bank transfer, or the transaction's own reference. */
  reference_code: z.string(),
  /** The working day a disinvestment or withdrawal is due to execute (YYYY-MM-DD). */
  execute_on: z.string().nullable(),
  created_at: z.string(),
  executed_at: z.string().nullable(),
  /** Why an operator rejected it, in the operator's words. */
  reason: z.string().nullable(),
  /** Present on an investment waiting for a bank transfer: where to send the money. */
  transfer_instructions: z
    .object({
      beneficiary: z.string(),
      iban: z.string(),
      bic: z.string(),
      bank_name: z.string(),
      reference_code: z.string(),
      amount: moneySchema,
    })
    .nullable(),
});
export type TransactionItem = z.infer<typeof transactionSchema>;

/** POST /api/v1/products/{id}/invest/quote/ and /invest/ (the latter with an Idempotency-Key). */
export const investRequestSchema = z.object({
  amount: amountInputSchema,
  payment_method: z.enum(PAYMENT_METHODS),
  /** Required when the MiFID score does not cover the product's risk: the signed order document. */
  /** The signature of an order past the MiFID warning: its document and the proof (SMS or authenticator). */
  signature: z
    .object({ document_id: z.number().int().positive(), ...confirmationProofFields })
    .refine(hasProof, proofRequired)
    .optional(),
});
export type InvestRequest = z.infer<typeof investRequestSchema>;

export const appropriatenessSchema = z.object({
  /** The customer's MiFID score (-1..3), null when the questionnaire was never answered. */
  score: z.number().int().min(-1).max(3).nullable(),
  /** The highest risk indicator the score covers (0 = none). */
  max_risk: z.number().int().min(0).max(7),
  product_risk: z.number().int().min(1).max(7),
  sufficient: z.boolean(),
});

/** What confirm-order shows before the customer commits. */
export const investQuoteSchema = z.object({
  product: z.object({ id: z.number().int(), name: z.string(), isin: z.string(), risk_indicator: z.number().int() }),
  amount: moneySchema,
  entry_cost_rate: z.string(),
  entry_cost: moneySchema,
  net_amount: moneySchema,
  nav: navSchema,
  nav_date: z.string(),
  estimated_units: unitsSchema,
  payment_method: z.enum(PAYMENT_METHODS),
  available_cash: moneySchema,
  appropriateness: appropriatenessSchema,
  /** True when the customer must sign the order document with a one-time code to go on. */
  signature_required: z.boolean(),
});
export type InvestQuote = z.infer<typeof investQuoteSchema>;

/** POST /api/v1/products/{id}/invest/signature/: the order document is generated and a code sent by SMS. */
export const orderSignatureSchema = z.object({
  document_id: z.number().int(),
  document_hash: z.string(),
  detail: z.string(),
  expires_at: z.string(),
  ...confirmationAskedFields,
});
export type OrderSignature = z.infer<typeof orderSignatureSchema>;

/** POST /api/v1/products/{id}/disinvest/ (Idempotency-Key): the number of units to sell. */
export const disinvestRequestSchema = z.object({
  units: positiveDecimalString(UNITS_DECIMAL),
});
export type DisinvestRequest = z.infer<typeof disinvestRequestSchema>;

/**
 * POST /api/v1/cash/withdrawals/ (Idempotency-Key): paid to the customer's verified IBAN. Without
 * `confirmation` it answers 202 (a pending confirmation bound to the amount and the IBAN); with it, 201.
 */
export const withdrawalRequestSchema = z.object({
  amount: amountInputSchema,
  confirmation: actConfirmationSchema.optional(),
});
export type WithdrawalRequest = z.infer<typeof withdrawalRequestSchema>;

/** Back-office: an operator refuses an order or a withdrawal, with the reason the customer will read. */
export const rejectRequestSchema = z.object({ reason: text().trim().min(3, 'validation:minLength').max(500) });

/** Back-office: settle the ticked orders, each at its product's NAV of the day. */
export const settleRequestSchema = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(500),
});
export const settleResultSchema = z.object({
  detail: z.string(),
  settled: z.array(z.number().int()),
  skipped: z.array(z.object({ id: z.number().int(), reason: z.string() })),
});
export type SettleResult = z.infer<typeof settleResultSchema>;

/** Back-office: an incoming bank transfer recorded against the reference code the payer quoted. */
export const incomingTransferRequestSchema = z.object({
  reference_code: text().trim().min(4, 'validation:minLength').max(35),
  amount: amountInputSchema,
  value_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation:date'),
  payer_name: text().trim().min(2, 'validation:minLength').max(140),
});
export const incomingTransferResultSchema = z.object({
  detail: z.string(),
  /** What the transfer did: credited the customer's cash, or funded the waiting investment. */
  outcome: z.enum(['cash_credited', 'order_funded']),
  transaction: transactionSchema,
});
export type IncomingTransferResult = z.infer<typeof incomingTransferResultSchema>;

/** Back-office lists of orders, incoming transfers and withdrawals: the row and who it belongs to. */
export const backofficeTransactionSchema = transactionSchema.extend({
  user: z.object({ id: z.number().int(), email: z.string().nullable(), full_name: z.string().nullable() }),
  /** Incoming transfers: who paid and the value date. */
  payer_name: z.string().nullable(),
  value_date: z.string().nullable(),
});
export type BackofficeTransaction = z.infer<typeof backofficeTransactionSchema>;

/**
 * Back-office withdrawals: also the bank account the payout goes to, the customer's approved one (null
 * while none is approved, e.g. a changed IBAN waiting for review: then nothing may be paid out).
 */
export const backofficeWithdrawalSchema = backofficeTransactionSchema.extend({
  payout_account: z.object({ iban: z.string(), holder_name: z.string(), bank_name: z.string().nullable() }).nullable(),
});
export type BackofficeWithdrawal = z.infer<typeof backofficeWithdrawalSchema>;
