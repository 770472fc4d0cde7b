// Signing out: the server revokes the sign-in and clears the refresh cookie (idempotent), then this device
// forgets the session. Failures of the call do not keep anyone signed in.
import { http } from '../http/client';
import { COOKIE_SESSION, TOKEN_LOGOUT_URL } from '../http/interceptors';
import { clearLocalSession } from './end-session';
import { hasSession } from './token-store';

export async function logout(): Promise<void> {
  const signedIn = hasSession();
  clearLocalSession();
  if (!signedIn) return;
  await http
    .post(TOKEN_LOGOUT_URL, {}, { headers: COOKIE_SESSION, skipAuth: true, silent: true })
    .catch(() => undefined);
}
