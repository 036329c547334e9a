import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client.js';
import type { Config } from '../config/env.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    config: Config;
  }
}

export default fp<{ database: Database; config: Config }>(async function db(app, opts) {
  app.decorate('db', opts.database.db);
  app.decorate('database', opts.database);
  app.decorate('config', opts.config);
});
