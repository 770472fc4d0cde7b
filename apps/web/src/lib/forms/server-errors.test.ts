import { beforeEach, describe, expect, it, vi } from 'vitest';
import { showErrorBody } from '../http/error-toast';
import { HttpError } from '../http/http-error';
import { applyServerErrors } from './server-errors';

vi.mock('../http/error-toast', () => ({ showErrorBody: vi.fn(async () => {}) }));
const shownByHttpLayer = new Set<unknown>();
vi.mock('../http/interceptors', () => ({ isHandledError: (error: unknown) => shownByHttpLayer.has(error) }));

function httpError(status: number, data: unknown) {
  const config = { url: '/api/x/', method: 'post', headers: {} } as const;
  return new HttpError('failed', config, { status, data, headers: {} });
}

beforeEach(() => vi.mocked(showErrorBody).mockClear());

describe('applyServerErrors', () => {
  it('puts field messages under the fields and the rest in a toast', async () => {
    const setFieldError = vi.fn();
    const handled = await applyServerErrors(
      { setFieldError },
      ['email', 'password'],
      httpError(400, {
        email: ['Already used.', 'Too long.'],
        non_field_errors: ['Check the form.'],
        code: 'VALIDATION_FAILED',
      }),
    );
    expect(handled).toBe(true);
    expect(setFieldError).toHaveBeenCalledWith('email', 'Already used. Too long.');
    expect(showErrorBody).toHaveBeenCalledWith({ non_field_errors: ['Check the form.'], code: 'VALIDATION_FAILED' });
  });

  it('shows no toast when every message belongs to a field', async () => {
    const setFieldError = vi.fn();
    await applyServerErrors({ setFieldError }, ['email'], httpError(400, { email: ['x'] }));
    expect(showErrorBody).not.toHaveBeenCalled();
  });

  it('shows a detail body as a toast', async () => {
    await applyServerErrors(
      { setFieldError: vi.fn() },
      ['email'],
      httpError(400, { detail: 'Error verifying your email' }),
    );
    expect(showErrorBody).toHaveBeenCalledWith({ detail: 'Error verifying your email' });
  });

  it('leaves errors the HTTP layer already showed alone (no second toast)', async () => {
    const error = httpError(401, { detail: 'Wrong credentials' });
    shownByHttpLayer.add(error);
    expect(await applyServerErrors({ setFieldError: vi.fn() }, ['email'], error)).toBe(false);
    expect(showErrorBody).not.toHaveBeenCalled();
  });

  it('leaves server faults and non-HTTP errors alone', async () => {
    expect(await applyServerErrors({ setFieldError: vi.fn() }, [], httpError(500, { detail: 'x' }))).toBe(false);
    expect(await applyServerErrors({ setFieldError: vi.fn() }, [], new Error('x'))).toBe(false);
    expect(showErrorBody).not.toHaveBeenCalled();
  });
});
