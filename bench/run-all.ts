/** `npm run bench`: the public trace lookup benchmark, then the light pages' size reports (trace, content). */
import { runTraceLookup } from './trace-lookup.js';
import { runTracePageSize } from './trace-page-size.js';

await runTraceLookup();
runTracePageSize('trace');
runTracePageSize('content');
process.exit(0);
