// The operator settings as the back office reads and saves them (API /api/v1/backoffice/settings/).
import type { OperatorSettings } from '@lombard/shared/schemas/settings';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../lib/http/client';

export const SETTINGS_API = '/api/v1/backoffice/settings/';

export const settingsQuery = queryOptions({
  queryKey: ['backoffice', 'settings'],
  queryFn: async ({ signal }) => (await http.get<OperatorSettings>(SETTINGS_API, { signal })).data,
});

export async function saveSettings(settings: OperatorSettings): Promise<OperatorSettings> {
  return (await http.put<OperatorSettings>(SETTINGS_API, settings, { silent: [400] })).data;
}
