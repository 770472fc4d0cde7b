// A software passkey for the tests: a P-256 key pair made with node:crypto, and the bytes a real
// authenticator and browser would produce (authenticatorData, clientDataJSON, the COSE public key, a "none"
// attestation, an ECDSA signature), built here by hand so that @simplewebauthn/server checks them for real.
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** CBOR head of a byte or text string (major type 2 or 3) of `length`. */
function cborHead(major: number, length: number): Buffer {
  const type = major << 5;
  if (length < 24) return Buffer.from([type | length]);
  if (length < 256) return Buffer.from([type | 24, length]);
  return Buffer.from([type | 25, length >> 8, length & 0xff]);
}
const cborBytes = (bytes: Uint8Array) => Buffer.concat([cborHead(2, bytes.length), bytes]);
const cborText = (text: string) => Buffer.concat([cborHead(3, Buffer.byteLength(text)), Buffer.from(text)]);

export interface SoftPasskeyOptions {
  rpId: string;
  origin: string;
}

interface Options {
  challenge: string;
}

/** One passkey on one device: registers once, then answers assertions with a counter that moves on. */
export function softPasskey({ rpId, origin }: SoftPasskeyOptions) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(16);
  const userHandle = randomBytes(32);
  let counter = 0;

  // COSE_Key {1: 2 (EC2), 3: -7 (ES256), -1: 1 (P-256), -2: x, -3: y}.
  const coseKey = Buffer.concat([
    Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21]),
    cborBytes(Buffer.from(jwk.x!, 'base64url')),
    Buffer.from([0x22]),
    cborBytes(Buffer.from(jwk.y!, 'base64url')),
  ]);

  const authData = (flags: number, attested?: Buffer) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    const rpIdHash = createHash('sha256').update(rpId).digest();
    return Buffer.concat([rpIdHash, Buffer.from([flags]), count, attested ?? Buffer.alloc(0)]);
  };
  const clientData = (type: string, challenge: string, from: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: from, crossOrigin: false }));

  return {
    id: b64u(credentialId),

    /** The answer of `navigator.credentials.create` to these options (user present and verified). */
    register(options: Options, overrides: { origin?: string } = {}) {
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, coseKey]);
      const data = authData(0x45, attested);
      const attestationObject = Buffer.concat([
        Buffer.from([0xa3]),
        cborText('fmt'),
        cborText('none'),
        cborText('attStmt'),
        Buffer.from([0xa0]),
        cborText('authData'),
        cborBytes(data),
      ]);
      return {
        id: b64u(credentialId),
        rawId: b64u(credentialId),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64u(clientData('webauthn.create', options.challenge, overrides.origin ?? origin)),
          attestationObject: b64u(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },

    /** The answer of `navigator.credentials.get`: a signature over authenticatorData and the client data's hash. */
    assert(options: Options, overrides: { origin?: string; userVerified?: boolean } = {}) {
      counter += 1;
      const data = authData(overrides.userVerified === false ? 0x01 : 0x05);
      const client = clientData('webauthn.get', options.challenge, overrides.origin ?? origin);
      const signed = Buffer.concat([data, createHash('sha256').update(client).digest()]);
      return {
        id: b64u(credentialId),
        rawId: b64u(credentialId),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64u(client),
          authenticatorData: b64u(data),
          signature: b64u(sign('sha256', signed, privateKey)),
          userHandle: b64u(userHandle),
        },
        clientExtensionResults: {},
      };
    },
  };
}

export type SoftPasskey = ReturnType<typeof softPasskey>;
