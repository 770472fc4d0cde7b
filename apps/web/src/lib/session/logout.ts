// Signing out: the server revokes the refresh token (idempotent), then this device forgets the session.
// Failures of the call do not keep anyone signed in.
import { http } from '../http/client';
import { TOKEN_LOGOUT_URL } from '../http/interceptors';
import { clearLocalSession } from './end-session';
import { readRefreshToken } from './token-store';

export async function logout(): Promise<void> {
  const refresh = readRefreshToken();
  clearLocalSession();
  if (!refresh) return;
  await http.post(TOKEN_LOGOUT_URL, { refresh }, { skipAuth: true, silent: true }).catch(() => undefined);
}
