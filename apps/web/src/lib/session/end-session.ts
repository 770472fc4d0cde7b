// Forgetting the signed-in user on this device. Used by logout, by the refresh queue when a session is
// lost, and when the server is in maintenance (405/502/504 clear the session).
import { queryClient } from '../query-client';
import { clearTokens } from './token-store';

export function clearLocalSession(): void {
  clearTokens();
  // Every cached resource may belong to the user who just left; public ones are fetched again when needed.
  queryClient.removeQueries();
}
