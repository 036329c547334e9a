import { loadConfig } from '../../config/env.js';
import { openDatabase } from '../client.js';
import { seedDemo } from './index.js';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
await database.migrate();
await seedDemo(database.db, { uploadDir: config.uploadDir, config });
await database.close();
console.log('Demo data seeded.');
