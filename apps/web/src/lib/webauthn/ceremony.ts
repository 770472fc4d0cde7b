// The browser's passkey ceremonies, through @simplewebauthn/browser loaded only when one starts: the
// library stays out of the signed-in home's first chunk (bundle budget), and pages that never use a
// passkey never download it.
import type { PasskeyAssertion, PasskeyRegistration } from '@lombard/shared/schemas/webauthn';

const library = () => import('@simplewebauthn/browser');

/** Whether this browser can use passkeys at all (the button is hidden otherwise). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** `navigator.credentials.get` with the server's options: the signed challenge. */
export async function passkeyAssertion(options: Record<string, unknown>): Promise<PasskeyAssertion> {
  const { startAuthentication } = await library();
  // The options are the server's own JSON (PublicKeyCredentialRequestOptionsJSON).
  const response = await startAuthentication({ optionsJSON: options as never });
  return response as PasskeyAssertion;
}

/** `navigator.credentials.create` with the server's options: the new passkey. */
export async function passkeyRegistration(options: Record<string, unknown>): Promise<PasskeyRegistration> {
  const { startRegistration } = await library();
  const response = await startRegistration({ optionsJSON: options as never });
  return response as PasskeyRegistration;
}

/**
 * The customer closed the browser's dialog, or the device refused (no passkey here, time out): nothing to
 * report as a failure of ours, only to offer again.
 */
export function ceremonyCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}
