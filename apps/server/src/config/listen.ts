import net from 'node:net';

/** Where `npm start` listens when HOST is unset: this machine only. */
export const DEFAULT_HOST = '127.0.0.1';

/**
 * Whether `host` (the HOST variable) can only be reached from this machine: a 127.x address, ::1
 * (also as an IPv4-mapped address) or `localhost`. Anything else — 0.0.0.0, ::, a network
 * address or another name — may be reached from the network.
 */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (net.isIPv4(h)) return h.startsWith('127.');
  if (net.isIPv6(h)) return h === '::1' || /^::ffff:127\./.test(h) || h === '0:0:0:0:0:0:0:1';
  return false;
}

/**
 * The warning printed at start when demo accounts (their one password is published in the README)
 * can sign in and the server listens where other machines may reach it; null when either is not so.
 */
export function demoExposureWarning(host: string, port: number, demoAccounts: number): string | null {
  if (demoAccounts === 0 || isLoopbackHost(host)) return null;
  return (
    `WARNING: ${demoAccounts} demo account${demoAccounts === 1 ? '' : 's'} (@dtrack.demo, @agrihub.demo, ` +
    `@foodmap.demo; one password for all, published in the README) can sign in, and this server listens ` +
    `on ${host}:${port}, which other machines on the network may reach.\n` +
    `  Unset HOST to listen on ${DEFAULT_HOST} only, or start on a database without the demo data ` +
    '(a new DATA_DIR or DATABASE_URL with SEED_DEMO=false).'
  );
}

/** The start banner's line saying who can reach the server. */
export function listenLine(host: string, port: number): string {
  return isLoopbackHost(host)
    ? `Listening on ${host}:${port}, this machine only (set HOST=0.0.0.0 to open it to the network).`
    : `Listening on ${host}:${port}, open to the network.`;
}
