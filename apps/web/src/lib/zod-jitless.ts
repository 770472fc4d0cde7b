// zod 4 compiles fast object parsers with `new Function`; the site's Content-Security-Policy forbids
// eval (script-src 'self'), so the attempt would be blocked and reported as a CSP violation on every
// page. Jitless mode parses without generating code. Imported first by main.tsx: zod reads the setting
// when each object schema is created, i.e. when the shared schema modules are evaluated.
import { config } from 'zod';

config({ jitless: true });
