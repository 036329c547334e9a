/** `npm run bench`: the public trace lookup benchmark, then the trace page size report. */
import { runTraceLookup } from './trace-lookup.js';
import { runTracePageSize } from './trace-page-size.js';

await runTraceLookup();
runTracePageSize();
process.exit(0);
