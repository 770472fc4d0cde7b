import { MantineProvider } from '@mantine/core';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createTestI18n } from '../../test/render';
import { HttpError } from '../http/http-error';
import { notifySuccess } from '../notify';
import { useApiForm } from './use-api-form';

vi.mock('../notify', () => ({ notifySuccess: vi.fn() }));
vi.mock('../http/error-toast', () => ({ showErrorBody: vi.fn(async () => {}) }));
vi.mock('../http/interceptors', () => ({ isHandledError: () => false }));

const schema = z.object({ residence: z.object({ city: z.string().min(1, { error: 'validation:required' }) }) });

function badRequest(data: unknown) {
  const config = { url: '/api/x/', method: 'post', headers: {} } as const;
  return new HttpError('failed', config, { status: 400, data, headers: {} });
}

const wrapper = ({ children }: { children: ReactNode }) => (
  <I18nextProvider i18n={createTestI18n('en')}>
    <MantineProvider>{children}</MantineProvider>
  </I18nextProvider>
);

const submitEvent = () => ({ preventDefault() {} }) as unknown as React.FormEvent<HTMLFormElement>;

describe('useApiForm', () => {
  it('checks the schema before sending: nothing is sent while a field is wrong', async () => {
    const send = vi.fn();
    const { result } = renderHook(() => useApiForm({ schema, initialValues: { residence: { city: '' } }, send }), {
      wrapper,
    });
    await act(async () => result.current.onSubmit(submitEvent()));
    expect(send).not.toHaveBeenCalled();
    expect(result.current.form.errors['residence.city']).toBe('Value is required.');
  });

  it('puts the API field errors under nested fields and keeps one submitting state', async () => {
    let fail: (error: unknown) => void = () => {};
    const send = vi.fn(() => new Promise((_, reject) => (fail = reject)));
    const { result } = renderHook(() => useApiForm({ schema, initialValues: { residence: { city: 'Roma' } }, send }), {
      wrapper,
    });
    act(() => void result.current.onSubmit(submitEvent()));
    await waitFor(() => expect(result.current.submitting).toBe(true));
    await act(async () => fail(badRequest({ residence: { city: ['Unknown town.'] } })));
    await waitFor(() => expect(result.current.submitting).toBe(false));
    expect(result.current.form.errors['residence.city']).toBe('Unknown town.');
  });

  it('shows the success toast and runs onSuccess with the answer', async () => {
    const onSuccess = vi.fn();
    const { result } = renderHook(
      () =>
        useApiForm({
          schema,
          initialValues: { residence: { city: ' Milano ' } },
          send: async (values) => ({ saved: values.residence.city }),
          success: 'Data has been saved successfully',
          onSuccess,
        }),
      { wrapper },
    );
    await act(async () => result.current.onSubmit(submitEvent()));
    expect(notifySuccess).toHaveBeenCalledWith('Data has been saved successfully');
    expect(onSuccess).toHaveBeenCalledWith({ saved: 'Milano' }, { residence: { city: 'Milano' } });
  });

  it('lets a typed error code be handled by the form', async () => {
    const handled = vi.fn(() => true);
    const send = vi.fn(async () => {
      throw badRequest({ code: 'ONE_TIME_CODE_ATTEMPTS_EXCEEDED', detail: 'x' });
    });
    const { result } = renderHook(
      () =>
        useApiForm({
          schema,
          initialValues: { residence: { city: 'Roma' } },
          send,
          onErrorCode: { ONE_TIME_CODE_ATTEMPTS_EXCEEDED: handled },
        }),
      { wrapper },
    );
    await act(async () => result.current.onSubmit(submitEvent()));
    expect(handled).toHaveBeenCalled();
  });
});
