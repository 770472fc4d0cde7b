import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../constants';
import {
  addressProofFieldsSchema,
  identityDocumentFieldsSchema,
  DOCUMENT_MESSAGES as M,
  uploadProblem,
} from './documents';

const day = (months: number, days = 0) => dayjs().add(months, 'month').add(days, 'day').format('YYYY-MM-DD');
const messages = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('identity document fields', () => {
  const valid = { type: 'identity_card', number: 'ca 12345-ab', issued_on: day(-24), expires_on: day(60) };

  it('accepts a valid document and normalises its number', () => {
    const result = identityDocumentFieldsSchema.safeParse(valid);
    expect(result.success && result.data.number).toBe('CA12345AB');
  });

  it('refuses an expired document, a future issue date and an expiry before the issue', () => {
    expect(messages(identityDocumentFieldsSchema.safeParse({ ...valid, expires_on: day(0, -1) }))).toEqual({
      expires_on: M.documentExpired,
    });
    expect(messages(identityDocumentFieldsSchema.safeParse({ ...valid, issued_on: day(0, 1) }))).toEqual({
      issued_on: M.issuedInFuture,
    });
    expect(
      messages(identityDocumentFieldsSchema.safeParse({ ...valid, issued_on: day(0, 1), expires_on: day(0, 1) })),
    ).toEqual({ issued_on: M.issuedInFuture, expires_on: M.expiryBeforeIssue });
  });

  it('reports the date rules together with the other fields', () => {
    expect(messages(identityDocumentFieldsSchema.safeParse({ ...valid, number: 'ab/1', expires_on: day(-1) }))).toEqual(
      { number: M.documentNumber, expires_on: M.documentExpired },
    );
    expect(messages(identityDocumentFieldsSchema.safeParse({ ...valid, issued_on: '2024-02-30' }))).toEqual({
      issued_on: M.date,
    });
  });
});

describe('address proof fields', () => {
  it('accepts a bill of the last three months and refuses one four months old', () => {
    expect(addressProofFieldsSchema.safeParse({ type: 'utility_bill', issued_on: day(-3) }).success).toBe(true);
    const old = addressProofFieldsSchema.safeParse({ type: 'utility_bill', issued_on: day(-4) });
    expect(messages(old)).toEqual({ issued_on: M.addressProofTooOld });
    expect(old.error?.issues[0]).toMatchObject({ maximum: 3 });
  });

  it('accepts an identity card issued within twelve months, not one thirteen months old', () => {
    expect(addressProofFieldsSchema.safeParse({ type: 'identity_card', issued_on: day(-11) }).success).toBe(true);
    const old = addressProofFieldsSchema.safeParse({ type: 'driving_licence', issued_on: day(-13) });
    expect(old.error?.issues[0]).toMatchObject({ message: M.addressProofTooOld, maximum: 12 });
  });

  it('refuses a future date and an unknown type', () => {
    expect(messages(addressProofFieldsSchema.safeParse({ type: 'bank_statement', issued_on: day(0, 1) }))).toEqual({
      issued_on: M.issuedInFuture,
    });
    expect(addressProofFieldsSchema.safeParse({ type: 'passport', issued_on: day(-1) }).success).toBe(false);
  });
});

describe('upload checks before sending', () => {
  it('accepts PDF, JPEG and PNG up to the limit', () => {
    expect(uploadProblem({ name: 'id.PDF', size: 10, type: 'application/pdf' })).toBeNull();
    expect(uploadProblem({ name: 'id.jpg', size: MAX_UPLOAD_BYTES, type: 'image/jpeg' })).toBeNull();
    expect(uploadProblem({ name: 'id.png', size: 10, type: '' })).toBeNull();
  });

  it('refuses other names, mismatched types, empty and oversized files', () => {
    expect(uploadProblem({ name: 'setup.exe', size: 10 })).toEqual({ key: M.fileType });
    expect(uploadProblem({ name: 'id.png', size: 10, type: 'application/pdf' })).toEqual({ key: M.fileType });
    expect(uploadProblem({ name: 'id.png', size: 0, type: 'image/png' })).toEqual({ key: M.fileEmpty });
    expect(uploadProblem({ name: 'id.png', size: MAX_UPLOAD_BYTES + 1 })).toEqual({ key: M.fileTooLarge, max: 10 });
  });
});
