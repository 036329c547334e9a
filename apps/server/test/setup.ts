import { resetTestSequences } from './factories.js';

// Runs before each test file. The server's test files share their worker's modules (isolate:
// false in vitest.config.ts), so the factories' numbering (names, GTINs) starts again here as
// it would in a fresh process: tests may name the first GTIN they get.
resetTestSequences();
