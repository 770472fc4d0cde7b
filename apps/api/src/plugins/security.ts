import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { COLOR_SCHEME_SCRIPT_HASH } from './page-template';

/** Security headers, cookies, per-IP rate limiting of the API, and response compression. */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const sentryOrigin = app.config.sentry.dsn ? new URL(app.config.sentry.dsn).origin : null;
  const tileOrigin = app.config.map.tileUrl ? new URL(app.config.map.tileUrl.replace(/\{[a-z]\}/g, 'a')).origin : null;
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The one inline script: the colour scheme before the first paint of a server-rendered page.
        scriptSrc: ["'self'", COLOR_SCHEME_SCRIPT_HASH],
        // Mantine sets inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(tileOrigin ? [tileOrigin] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(sentryOrigin ? [sentryOrigin] : [])],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: app.config.isProduction && app.config.publicUrl.startsWith('https') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: app.config.publicUrl.startsWith('https'),
  });
  await app.register(cookie);
  await app.register(rateLimit, {
    global: true,
    max: app.config.rateLimitMax,
    timeWindow: '1 minute',
    // Only the API is limited here; static files are cheap and cached.
    allowList: (request) => !request.url.startsWith('/api/'),
  });
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
});
