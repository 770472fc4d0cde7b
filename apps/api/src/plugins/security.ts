import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  onSendHookHandler,
  preHandlerHookHandler,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { COMPRESSION_THRESHOLD } from '../lib/content-encoding';
import { addRouteHook, answersJson, isProbe } from '../lib/route-hooks';
import { COLOR_SCHEME_SCRIPT_HASH, EARLY_EVENTS_SCRIPT_HASH } from './page-template';

/**
 * Every feature a page could ask the browser for, refused (a JSON answer carries it too: one rule) —
 * except passkeys (WebAuthn), allowed to this origin only: sign-in and confirmations use them.
 */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'bluetooth',
  'browsing-topics',
  'camera',
  'clipboard-read',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'local-fonts',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .concat(['publickey-credentials-create=(self)', 'publickey-credentials-get=(self)'])
  .join(', ');

/**
 * The hardening headers every answer carries, and the ones only a document needs (the content security
 * policy and the framing rules mean nothing to a JSON reader). Both are computed once, at start: building
 * the policy per request was a measurable share of a cheap API call.
 */
export function securityHeaders(config: AppConfig) {
  const sentryOrigin = config.sentry.dsn ? new URL(config.sentry.dsn).origin : null;
  const tileOrigin = config.map.tileUrl ? new URL(config.map.tileUrl.replace(/\{[a-z]\}/g, 'a')).origin : null;
  const https = config.publicUrl.startsWith('https');
  const directives: [string, string[] | null][] = [
    ['default-src', ["'self'"]],
    // The inline scripts of a server-rendered page: the colour scheme before the first paint, and the
    // holding of what is done before the first-view script runs.
    ['script-src', ["'self'", COLOR_SCHEME_SCRIPT_HASH, EARLY_EVENTS_SCRIPT_HASH]],
    // Mantine sets inline style attributes.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...(tileOrigin ? [tileOrigin] : [])]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...(sentryOrigin ? [sentryOrigin] : [])]],
    ['frame-ancestors', ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['script-src-attr', ["'none'"]],
    ['upgrade-insecure-requests', config.isProduction && https ? [] : null],
  ];
  const policy = directives
    .filter((entry): entry is [string, string[]] => entry[1] !== null)
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';');
  // What any answer needs, whoever reads it: no sniffing a JSON answer into a script or a page, no
  // embedding it from another site, HTTPS only.
  const everyAnswer: Record<string, string> = {
    'cross-origin-resource-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    // No page of ours uses a device or a powerful feature, nor may anything it embeds: all are off.
    'permissions-policy': PERMISSIONS_POLICY,
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  // What only a document acts on: its policy, framing, window isolation, the referrers of the requests
  // it makes, and the switches of older browsers. On a JSON answer they would be bytes and work per
  // request for nothing.
  const documentOnly: Record<string, string> = {
    'content-security-policy': policy,
    'x-frame-options': 'SAMEORIGIN',
    'cross-origin-opener-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
  return { everyAnswer, documentOnly };
}

const isDocument = (contentType: unknown) => typeof contentType === 'string' && contentType.startsWith('text/html');

declare module 'fastify' {
  interface FastifyInstance {
    /** Hardens an answer no route matched (the not-found handler runs it before it answers). */
    hardenUnmatched: preHandlerHookHandler;
  }
}

/** Security headers and response compression (per-address limits: rate-limit.ts). */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const { everyAnswer, documentOnly } = securityHeaders(app.config);
  // An answer that is the same for everyone holds nothing of a visitor's that another site could pull
  // into its own process, and any site may fetch it anyway: the resource policy would guard nothing.
  const { 'cross-origin-resource-policy': _, ...sameForEveryone } = everyAnswer;
  const setHeaders = (
    request: FastifyRequest,
    reply: FastifyReply,
    headers: Record<string, string>,
    inALanguage: boolean,
  ) => {
    if (inALanguage) reply.header('content-language', request.language);
    reply.headers(headers);
  };
  // Before the answer is made (a JSON route's `onRequest`, the not-found handler's `preHandler`).
  const hardenOnArrival =
    (headers: Record<string, string>, inALanguage: boolean): onRequestHookHandler & preHandlerHookHandler =>
    (request, reply, done) => {
      setHeaders(request, reply, headers, inALanguage);
      done();
    };

  // Decided once per route. A probe's answer is read by a balancer, not a browser: the headers would say
  // nothing to it. Every other answer says which language it is in, unless it holds no text in one.
  // A route that declares its answers sends JSON: its headers are set as the request arrives, in the
  // stage its limits and sign-in already run (ahead of them, so that a refusal carries them too), and
  // it needs no hook when it answers. Any other route may answer a document, known by its content type
  // only as it is sent.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (isProbe(route)) return;
    const config = route.config ?? {};
    const headers = config.sameForEveryone ? sameForEveryone : everyAnswer;
    const inALanguage = !config.sameInEveryLanguage;
    if (answersJson(route)) {
      addRouteHook(route, 'onRequest', hardenOnArrival(headers, inALanguage), { leading: true });
      return;
    }
    const harden: onSendHookHandler = (request, reply, payload, done) => {
      setHeaders(request, reply, headers, inALanguage);
      if (isDocument(reply.getHeader('content-type'))) reply.headers(documentOnly);
      done(null, payload);
    };
    addRouteHook(route, 'onSend', harden);
  });
  // Not a global hook: every request of every route would run it to learn that it has nothing to do.
  app.decorate('hardenUnmatched', hardenOnArrival(everyAnswer, true));
  // No client sends a compressed body: the compression plugin's decompression step on every request
  // of every route would be work for nothing.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.decompress === undefined) route.decompress = false;
  });
  // Answers made for one request are compressed for that request alone, so the quality is a cost per
  // request: brotli's quality 2 takes about half the time of the plugin's default 4 on our JSON (16 against
  // 35 µs on a quote of 40 instalments, the largest part of that request) for 5–13 % more bytes, which on
  // answers of a few KB is the same packets. Kept answers are compressed once, harder (content-encoding.ts).
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD,
    brotliOptions: {
      params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 2 },
    },
  });
});
