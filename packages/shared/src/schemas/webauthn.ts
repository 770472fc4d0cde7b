// The answers a browser gives to `navigator.credentials.create/get`, as @simplewebauthn/browser hands them
// over (base64url fields): an assertion signs the customer in or confirms an act, a registration adds a
// passkey. Apart from passkeys.ts so that the confirmation's proof (authenticator.ts) can carry one.
import { z } from 'zod';
import { VALIDATION_MESSAGES as V } from '../errors';

/** A base64url field of a WebAuthn answer; bounded so that no request can make the server parse megabytes. */
const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, { error: V.required });

/** What `startAuthentication` answers: the signed challenge (an assertion). */
export const passkeyAssertionSchema = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4000),
    authenticatorData: base64url(4000),
    // Room for post-quantum signatures (ML-DSA-44: 2,420 bytes), which the library offers first.
    signature: base64url(8000),
    userHandle: base64url(200).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});
export type PasskeyAssertion = z.infer<typeof passkeyAssertionSchema>;

/** What `startRegistration` answers: the new credential and its attestation. */
export const passkeyRegistrationSchema = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4000),
    attestationObject: base64url(16000),
    transports: z.array(z.string().max(20)).max(10).optional(),
    authenticatorData: base64url(8000).optional(),
    publicKey: base64url(8000).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});
export type PasskeyRegistration = z.infer<typeof passkeyRegistrationSchema>;
