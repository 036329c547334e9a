import { config } from 'zod';

/**
 * The app's CSP has no 'unsafe-eval'. Zod 4 compiles object parsers with `new Function` when it
 * may, and probes for it with `Function('')` on the first parse: under our CSP that probe is a
 * violation (and a report) on every page. Jitless parsing is the same validation without eval.
 * Imported first by the app entry, before any schema parses.
 */
config({ jitless: true });
