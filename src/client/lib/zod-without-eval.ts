import { z } from 'zod';

// zod's object parser probes `new Function('')` to see whether it may compile a faster parser. The
// CSP forbids eval (script-src 'self'), so the probe is a CSP violation the browser reports on every
// signed-in page (Lighthouse best practices, ADR 069). Without the probe zod parses as it would anyway
// after the refusal. Imported first by app.tsx, before any schema parses.
z.config({ jitless: true });
