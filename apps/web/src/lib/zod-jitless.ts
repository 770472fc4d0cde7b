// zod 4 compiles fast object parsers with `new Function`; the site's Content-Security-Policy forbids
// eval (script-src 'self'), so the attempt would be blocked and reported as a CSP violation on every
// page. Jitless mode parses without generating code. Imported first by boot.tsx and server-entry.tsx:
// zod reads the setting when each object schema is created, i.e. when the shared schema modules are
// evaluated, and those load later, with the route modules that use them.
//
// Written to the configuration object zod keeps on globalThis (the one `z.config()` writes; zod creates it
// only when missing), not through `z.config()`: importing zod here would put all of zod on every page's
// start-up path (docs/decisions/006). zod-jitless.test.ts checks that zod still reads it from there.
export const ZOD_CONFIG_GLOBAL = '__zod_globalConfig';

const scope = globalThis as unknown as Record<string, Record<string, unknown> | undefined>;
scope[ZOD_CONFIG_GLOBAL] ??= {};
scope[ZOD_CONFIG_GLOBAL].jitless = true;
