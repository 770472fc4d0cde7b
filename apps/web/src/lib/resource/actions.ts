// The write calls of a resource: save, delete, enable/disable, item actions and the XLSX export. Success
// toasts use the standard texts (data saved, data deleted, operation in progress); errors are shown by
// the HTTP layer.

import { NOTIFICATIONS_PATH } from '@lombard/shared/notification-links';
import type { BulkPayload, Id } from '@lombard/shared/query-string';
import type { ListResponse, StatusItem } from '@lombard/shared/schemas/common';
import type { ExportAccepted } from '@lombard/shared/schemas/resource';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http } from '../http/client';
import { notifySuccess } from '../notify';
import { type PayloadOptions, toPayload } from './payload';
import { type Row, resourceKeys } from './queries';

/** Writes the returned status into every cached page and the detail of that row. */
export function applyStatus(client: QueryClient, path: string, item: StatusItem) {
  const patch = <T extends Row>(row: T): T =>
    String(row.id) === String(item.id) ? { ...row, status: item.status, status_name: item.status_name } : row;
  client.setQueriesData<ListResponse<Row>>({ queryKey: resourceKeys.lists(path) }, (page) =>
    page ? { ...page, results: page.results.map(patch) } : page,
  );
  client.setQueryData<Row>(resourceKeys.detail(path, item.id), (row) => (row ? patch(row) : row));
}

/** Export notifications arrive a little later: look again a few times rather than waiting for the poll. */
/** The zone the browser shows times in: an export writes its times in it too (and names it). */
const readerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

function expectNotification(client: QueryClient) {
  for (const delay of [1_500, 4_000, 10_000]) {
    setTimeout(() => void client.invalidateQueries({ queryKey: resourceKeys.all(NOTIFICATIONS_PATH) }), delay);
  }
}

export function useResourceActions<T extends Row = Row>(path: string) {
  const client = useQueryClient();
  const { t } = useTranslation('errors');
  const invalidate = () => client.invalidateQueries({ queryKey: resourceKeys.all(path) });

  const save = useMutation({
    mutationFn: async (input: {
      id?: Id | null;
      values: Record<string, unknown>;
      /** PATCH (default) or PUT for an existing row. */
      method?: 'PATCH' | 'PUT';
      options?: PayloadOptions;
      /** Statuses the form shows itself (field errors). */
      silent?: readonly number[];
    }): Promise<T> => {
      const body = toPayload(input.values, input.options);
      const config = { silent: input.silent ?? [400] };
      if (input.id === undefined || input.id === null) return (await http.post<T>(path, body, config)).data;
      const url = `${path}${input.id}/`;
      return (input.method === 'PUT' ? await http.put<T>(url, body, config) : await http.patch<T>(url, body, config))
        .data;
    },
    onSuccess: (row) => {
      client.setQueryData(resourceKeys.detail(path, row.id), row);
      notifySuccess(t('success.dataSaved'));
      return invalidate();
    },
  });

  const remove = useMutation({
    mutationFn: async (id: Id) => {
      await http.delete(`${path}${id}/`);
      return id;
    },
    onSuccess: (id) => {
      client.removeQueries({ queryKey: resourceKeys.detail(path, id) });
      notifySuccess(t('success.dataDeleted'));
      return invalidate();
    },
  });

  const setStatus = useMutation({
    mutationFn: async ({ id, enabled }: { id: Id; enabled: boolean }) =>
      (await http.patch<StatusItem>(`${path}${id}/${enabled ? 'enable' : 'disable'}/`, { status: enabled ? 1 : 0 }))
        .data,
    onSuccess: (item) => {
      applyStatus(client, path, item);
      notifySuccess(t('success.dataSaved'));
    },
  });

  /** An item action such as `unlock/` or `resend-activation/`; shows the server's detail when it has one. */
  const action = useMutation({
    mutationFn: async (input: { id: Id; name: string; method?: 'PATCH' | 'POST'; body?: Record<string, unknown> }) => {
      const url = `${path}${input.id}/${input.name}/`;
      const body = toPayload(input.body ?? {});
      return (input.method === 'POST' ? await http.post(url, body) : await http.patch(url, body)).data as unknown;
    },
    onSuccess: (data) => {
      const detail = (data as { detail?: unknown } | null)?.detail;
      notifySuccess(typeof detail === 'string' ? detail : t('success.dataSaved'));
      return invalidate();
    },
  });

  const exportXlsx = useMutation({
    mutationFn: async (payload: BulkPayload) =>
      (await http.patch<ExportAccepted>(`${path}export-xlsx/`, { ...payload, time_zone: readerTimeZone() })).data,
    onSuccess: (answer) => {
      notifySuccess(answer.detail || t('success.operationInProgress'));
      expectNotification(client);
    },
  });

  return { save, remove, setStatus, action, exportXlsx, invalidate };
}
