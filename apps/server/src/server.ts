import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/env.js';
import { DataDirLockedError, DatabaseUnreachableError, openDatabase } from './db/client.js';
import { seedDemoOnStart } from './db/seed/index.js';
import { countDemoAccounts } from './db/seed/accounts.js';
import { demoExposureWarning, isLoopbackHost, listenLine } from './config/listen.js';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  // Nodes of one PostgreSQL database may start together: one migrates and seeds, the others wait.
  await database.exclusive(async () => {
    await database.migrate();
    if (config.SEED_DEMO === 'true') {
      const seeded = await seedDemoOnStart(database.db, { uploadDir: config.uploadDir, config });
      if (seeded === 'resumed') console.log('Finished the demo data of an interrupted first start.');
    }
  });
  const app = await buildApp({ config, database });
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(
        `\nPort ${config.PORT} is already in use. Stop the other program or start with PORT=3001 npm start.\n`,
      );
      await database.close();
      process.exit(1);
    }
    throw err;
  }
  const port = (app.server.address() as { port: number }).port;
  // Ready to stop cleanly before the banner says it runs: whoever waits for the banner may stop it at once.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing the requests in flight and writing the buffered scan counts…`);
    // A request that never ends must not keep the process up for good.
    setTimeout(() => {
      console.error(`Stopped after ${SHUTDOWN_GRACE_MS / 1000} s with work still in flight.`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    let code = 0;
    try {
      // No new connections; requests in flight finish; then every background job stops and the
      // onClose hooks flush what is buffered (scan counts), all before the database closes.
      await app.close();
    } catch (err) {
      console.error(err);
      code = 1;
    } finally {
      await database.close().catch((err: unknown) => console.error(err));
    }
    process.exit(code);
  };
  // SIGTERM again while stopping (a wrapper passing on what its process group was sent too)
  // changes nothing: cut short, the stop would lose the buffered scan counts. Ctrl-C twice stops now.
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => (stopping ? process.exit(130) : void stop('SIGINT')));
  // Demo accounts share one public password: say so loudly when others on the network may sign in.
  const warning = isLoopbackHost(config.HOST)
    ? null
    : demoExposureWarning(
        config.HOST,
        port,
        await countDemoAccounts(database.db).catch((err: unknown) => {
          console.error('Could not count the demo accounts:', err);
          return 0;
        }),
      );
  // One write, the line saying who can reach the server last.
  console.log(
    `\nAgriHub is running (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}):\n` +
      `  DTrack   http://dtrack.localhost:${port}\n  AgriHub  http://agrihub.localhost:${port}\n  Foodmap  http://foodmap.localhost:${port}\n` +
      `  API docs http://localhost:${port}/api/docs\n` +
      (warning ? `\n${warning}\n` : '') +
      `\n${listenLine(config.HOST, port)}\n`,
  );
}

/** How long a stop waits for requests in flight and background jobs (orchestrators wait 30 s by default). */
const SHUTDOWN_GRACE_MS = 25_000;

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DatabaseUnreachableError || err instanceof DataDirLockedError) {
    console.error(`\n${err.message}\n`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
