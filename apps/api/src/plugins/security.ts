import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, onSendHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { COMPRESSION_THRESHOLD } from '../lib/content-encoding';
import { COLOR_SCHEME_SCRIPT_HASH, EARLY_EVENTS_SCRIPT_HASH } from './page-template';

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

/** Security headers and response compression (per-address limits: rate-limit.ts). */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const { everyAnswer, documentOnly } = securityHeaders(app.config);
  // A global hook (not one per route), so that the not-found answer has them too. A probe's answer is
  // read by a balancer, not a browser: the headers would say nothing to it. Every other answer also
  // says which language it is in, unless it holds no text in a language.
  const harden: onSendHookHandler = (request, reply, payload, done) => {
    const route = request.routeOptions.config;
    if (!route.probe) {
      if (!route.sameInEveryLanguage) reply.header('content-language', request.language);
      reply.headers(everyAnswer);
      if (isDocument(reply.getHeader('content-type'))) reply.headers(documentOnly);
    }
    done(null, payload);
  };
  app.addHook('onSend', harden);
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
