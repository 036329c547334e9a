/** `npm run bench`: the public trace lookup benchmark, the admin dashboard's, then the light pages' size reports (trace, content). */
import { runAdminDashboard } from './admin-dashboard.js';
import { runTraceLookup } from './trace-lookup.js';
import { runTracePageSize } from './trace-page-size.js';

await runTraceLookup();
await runAdminDashboard();
runTracePageSize('trace');
runTracePageSize('content');
process.exit(0);
