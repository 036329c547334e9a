/**
 * `npm run bench`: the public trace lookup benchmark, the admin dashboard's, the light pages' size
 * reports (trace, content), then the slow phone's load of the trace, login and news pages in Chromium.
 * The lookup at a million batches takes minutes: `npm run bench:scale` (bench/scale.ts) on its own;
 * so does the chain's trace at a million lots: `npm run bench:chain` (bench/chain-trace.ts).
 */
import { runAdminDashboard } from './admin-dashboard.js';
import { runSlowPhone } from './slow-phone.js';
import { runTraceLookup } from './trace-lookup.js';
import { runTracePageSize } from './trace-page-size.js';

await runTraceLookup();
await runAdminDashboard();
runTracePageSize('trace');
runTracePageSize('content');
await runSlowPhone();
process.exit(0);
