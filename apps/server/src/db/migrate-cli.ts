import { loadConfig } from '../config/env.js';
import { openDatabase } from './client.js';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
await database.migrate();
await database.close();
console.log(`Migrations applied (${database.kind}).`);
