/**
 * Slow phone benchmark (issue 13): starts the real built app (`apps/server/src/server.ts`, PGlite
 * with the demo data, its own port) and, in Debian's Chromium driven through the Chrome DevTools
 * Protocol, opens `/trace/{a demo batch}`, `/login` and `/news` on DTrack as a phone on a slow
 * network: Network.emulateNetworkConditions 1.6 Mbps down / 750 Kbps up / 150 ms RTT,
 * Emulation.setCPUThrottlingRate 4, cache disabled, a fresh browser context per load (Moto G4
 * screen). Measures Largest Contentful Paint (PerformanceObserver, buffered) and the bytes
 * transferred (sum of Network.loadingFinished encodedDataLength: headers and compressed bodies;
 * what a page prefetches at idle for the next one — the sign-in page, the app's files — is printed
 * apart),
 * median of 5 loads each, and the same for a bare static HTML page (a bare Fastify on the same
 * machine, loaded in the same rounds) as the reference the pages are compared to.
 * The producers' field diary (issue 28) twice: its first load signed in as DTrack's demo producer
 * (`diary`), and a later open with no network at all (`diary-offline`: the page visited once, its
 * service worker in control, then opened again offline on the throttled CPU; its bytes are what
 * still crossed the network, none expected).
 * Targets: trace LCP ≤ 1.5 s and ≤ 120 KB transferred; login LCP ≤ 2.5 s; diary LCP ≤ 2.5 s and
 * ≤ 250 KB; diary offline LCP ≤ 1 s.
 *
 *   npm run build && npx tsx bench/slow-phone.ts
 *   WEB_DIST=/path/to/dist (default apps/web/dist)  BENCH_PORT=3311 (default: any free port)
 *   BENCH_RUNS=5  CHROMIUM_PATH=/usr/bin/chromium  BENCH_VERBOSE=1 (each page's responses)
 *   BENCH_PAGES=trace,login (only these pages, and the reference; diary,diary-offline for the diary)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { chromium, devices, type Browser, type Page } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const DIST = path.resolve(process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'));
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 0);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** BENCH_PAGES=trace,login: only these pages (and the reference). */
const ONLY = process.env.BENCH_PAGES?.split(',').map((p) => p.trim());
/** BENCH_VERBOSE=1: list each page's responses (first load), in the order they were asked for. */
const VERBOSE = Boolean(process.env.BENCH_VERBOSE);
/** A published batch of the demo data on DTrack (db/seed/batches.ts). */
const TRACE_CODE = 'DEMOTRACE0000001';
/** DTrack's demo producer (db/seed/accounts.ts), who keeps the field diary. */
const PRODUCER = { email: 'producer@dtrack.demo', password: 'Demo@123' };

/** Lighthouse's "slow 4G" figures: 1.6 Mbps down, 750 Kbps up, 150 ms round trip; a 4× slower CPU. */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;

interface Target {
  lcpMs?: number;
  kb?: number;
}
const TARGETS: Record<string, Target> = {
  trace: { lcpMs: 1500, kb: 120 },
  login: { lcpMs: 2500 },
  diary: { lcpMs: 2500, kb: 250 },
  'diary-offline': { lcpMs: 1000 },
};

/** How each page is loaded: signed in (a storage state), and/or opened again offline after one visit. */
interface LoadOptions {
  storageState?: string;
  offlineRevisit?: boolean;
}

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A small page of text: what the network, the CPU and the browser cost on their own. */
const REFERENCE_HTML = `<!doctype html><html lang="vi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Tham chiếu</title><link rel="icon" href="data:,"></head><body><h1>Truy xuất nguồn gốc</h1><p>Chè Shan tuyết Mộc Châu — lô DEMOTRACE0000001, Hợp tác xã Nông nghiệp Xanh Mộc Châu, tỉnh Sơn La.</p></body></html>`;

interface Load {
  lcpMs: number;
  bytes: number;
  /** Bytes the page fetched for later at idle priority (`<link rel="prefetch">`), not counted in `bytes`. */
  prefetchBytes: number;
  requests: number;
  /** Each response: its URL, the bytes transferred, its content encoding, when it was asked and done (ms). */
  files: { url: string; bytes: number; encoding: string; startMs: number; endMs: number }[];
  /** The LCP element: its tag and picture URL or first words. */
  lcpElement: string;
}

/** The server as `npm start` runs it, on a fresh data folder with the demo data; resolves with its port. */
async function startServer(dataDir: string): Promise<{ child: ChildProcess; port: number }> {
  const { DATABASE_URL: _suiteDatabase, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: DIST,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d.toString();
      const m = /http:\/\/dtrack\.localhost:(\d+)/.exec(output);
      if (m) resolve(Number(m[1]));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it listened:\n${output}`)));
  });
  return { child, port };
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function referenceServer(): Promise<FastifyInstance> {
  const bare = Fastify({ logger: false });
  bare.get('/', async (_req, reply) => reply.type('text/html; charset=utf-8').send(REFERENCE_HTML));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  return bare;
}

/** A producer's signed-in session (its storage state, in a file), signed in through the form at full speed. */
async function signedIn(browser: Browser, base: string, dir: string): Promise<string> {
  const context = await browser.newContext({ ...devices['Moto G4'], locale: 'vi-VN' });
  try {
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.getByTestId('login-email').fill(PRODUCER.email);
    await page.getByTestId('login-password').fill(PRODUCER.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 60_000 });
    // The app keeps the session (localStorage, "remember me") once its frame is up (ADR 024).
    await page.getByTestId('side-menu').waitFor({ timeout: 60_000 });
    const file = path.join(dir, 'producer.json');
    await context.storageState({ path: file });
    return file;
  } finally {
    await context.close();
  }
}

/**
 * Before an offline open: one visit online at full speed, until the service worker controls the page
 * and keeps the diary page; then the network cut (for the page and its service worker).
 */
async function visitThenGoOffline(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  const deadline = Date.now() + 60_000;
  // An expression evaluated by the DevTools protocol (waitForFunction's would need the page's CSP to allow eval).
  const ready = `navigator.serviceWorker.controller !== null && caches.match('/diary').then((r) => !!r)`;
  while (!(await page.evaluate(ready))) {
    if (Date.now() > deadline) throw new Error(`${url}: the service worker did not keep the diary page`);
    await page.waitForTimeout(200);
  }
  await page.context().setOffline(true);
}

/** One cold load of `url` on the emulated phone (or an offline open, `offlineRevisit`): LCP and what crossed the network. */
async function measure(browser: Browser, url: string, options: LoadOptions = {}): Promise<Load> {
  const context = await browser.newContext({
    ...devices['Moto G4'],
    locale: 'vi-VN',
    ...(options.storageState ? { storageState: options.storageState } : {}),
  });
  try {
    const page = await context.newPage();
    if (options.offlineRevisit) await visitThenGoOffline(page, url);
    const cdp = await context.newCDPSession(page);
    let bytes = 0;
    let prefetchBytes = 0;
    let requests = 0;
    const prefetches = new Set<string>();
    const responses = new Map<string, { url: string; encoding: string; fromServiceWorker: boolean }>();
    const files: Load['files'] = [];
    const failures: string[] = [];
    const started = new Map<string, number>();
    let origin: number | undefined;
    cdp.on(
      'Network.requestWillBeSent',
      (e: { requestId: string; timestamp: number; request: { headers: Record<string, string> } }) => {
        origin ??= e.timestamp;
        started.set(e.requestId, e.timestamp);
        if (e.request.headers['Sec-Purpose'] === 'prefetch') prefetches.add(e.requestId);
      },
    );
    cdp.on(
      'Network.responseReceived',
      (e: {
        requestId: string;
        response: { url: string; status: number; headers: Record<string, string>; fromServiceWorker?: boolean };
      }) => {
        const encoding = Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === 'content-encoding')?.[1];
        const status = e.response.status === 200 ? '' : `${e.response.status} `;
        const fromServiceWorker = !!e.response.fromServiceWorker;
        responses.set(e.requestId, {
          url: e.response.url,
          encoding: fromServiceWorker ? `${status}sw` : `${status}${encoding ?? 'identity'}`,
          fromServiceWorker,
        });
      },
    );
    cdp.on('Network.loadingFailed', (e: { requestId: string; errorText: string }) => {
      failures.push(`${responses.get(e.requestId)?.url ?? e.requestId}: ${e.errorText}`);
    });
    cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number; timestamp: number }) => {
      // What the page prefetches at idle for the next page is reported apart (ADR 024).
      if (prefetches.has(e.requestId)) {
        prefetchBytes += e.encodedDataLength;
        return;
      }
      const r = responses.get(e.requestId);
      // Answered by the page's service worker (the diary opened offline): nothing crossed the network.
      const network = r?.fromServiceWorker ? 0 : e.encodedDataLength;
      bytes += network;
      requests++;
      const at = (t: number | undefined) => ((t ?? 0) - (origin ?? 0)) * 1000;
      files.push({
        url: r?.url ?? e.requestId,
        bytes: network,
        encoding: r?.encoding ?? '?',
        startMs: at(started.get(e.requestId)),
        endMs: at(e.timestamp),
      });
    });
    await cdp.send('Network.enable');
    // Offline, nothing to throttle (and the emulation would undo the offline state): only the CPU.
    if (!options.offlineRevisit) {
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', NETWORK);
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const res = await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    if (!res || res.status() !== 200) throw new Error(`${url} answered ${res?.status()}`);
    if (options.offlineRevisit && !res.fromServiceWorker())
      throw new Error(`${url}: not opened from the service worker`);
    // Everything the page fetches after its load event (data, translations, pictures) counts too.
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    // Run in the page (a string: the page's DOM types, not Node's): the last LCP candidate.
    const lcp = await page.evaluate<{ at: number; element: string }>(`new Promise((resolve) => {
      new PerformanceObserver((list) => {
        const e = list.getEntries().at(-1);
        const what = e && e.element ? e.element.tagName.toLowerCase() + ' ' + (e.url || (e.element.textContent || '').trim().slice(0, 40)) : '?';
        resolve({ at: e ? e.startTime : NaN, element: what });
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    })`);
    // A page that could not load what it needs measures nothing worth printing (offline, the diary's
    // own calls to the API fail by design: it shows what it kept).
    if (failures.length && !options.offlineRevisit) throw new Error(`${url}: requests failed: ${failures.join('; ')}`);
    for (const f of files) {
      if (/^[45]\d\d /.test(f.encoding)) throw new Error(`${url}: ${f.url} answered ${f.encoding}`);
    }
    return { lcpMs: lcp.at, bytes, prefetchBytes, requests, files, lcpElement: lcp.element };
  } finally {
    await context.close();
  }
}

const LABELS: Record<string, string> = {
  reference: 'reference (bare static HTML)',
  trace: `/trace/${TRACE_CODE}`,
  diary: '/diary (signed in)',
  'diary-offline': '/diary offline, 2nd open',
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

export async function runSlowPhone(): Promise<void> {
  console.log(
    `\nSlow phone benchmark — Chromium, ${NETWORK.latency} ms RTT, 1.6 Mbps down / 750 Kbps up, CPU ×${CPU_SLOWDOWN}, cache off; median of ${RUNS} loads`,
  );
  if (!fs.existsSync(path.join(DIST, 'index.html'))) {
    console.log(`No build found at ${DIST}. Run \`npm run build\` first (or set WEB_DIST).`);
    return;
  }
  if (!fs.existsSync(CHROMIUM)) {
    console.log(`No Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH): skipped.`);
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agrihub-bench-phone-'));
  const t0 = Date.now();
  const { child, port } = await startServer(dataDir);
  const reference = await referenceServer();
  let browser: Browser | undefined;
  try {
    console.log(`server with the demo data listening on port ${port} after ${fmt((Date.now() - t0) / 1000, 1)} s`);
    const check = await fetch(`http://127.0.0.1:${port}/api/v1/client/traceabilities/${TRACE_CODE}`, {
      headers: { platform: 'dtrack' },
    });
    if (check.status !== 200) throw new Error(`the demo batch ${TRACE_CODE} answered ${check.status}`);
    const base = `http://dtrack.localhost:${port}`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const wanted = (name: string) => name === 'reference' || !ONLY || ONLY.includes(name);
    const producer = wanted('diary') || wanted('diary-offline') ? await signedIn(browser, base, dataDir) : undefined;
    const pages: [string, string, LoadOptions][] = (
      [
        ['reference', `http://127.0.0.1:${(reference.server.address() as { port: number }).port}/`, {}],
        ['trace', `${base}/trace/${TRACE_CODE}`, {}],
        ['login', `${base}/login`, {}],
        ['news', `${base}/news`, {}],
        ['diary', `${base}/diary`, { storageState: producer }],
        ['diary-offline', `${base}/diary`, { storageState: producer, offlineRevisit: true }],
      ] as [string, string, LoadOptions][]
    ).filter(([name]) => wanted(name));
    // One warm-up load each (the server's first reads, the browser's first start), not counted.
    for (const [, url, options] of pages) await measure(browser, url, options);
    // The pages take turns in each round, so a burst of load on the machine hits them alike.
    const loads = new Map<string, Load[]>(pages.map(([name]) => [name, []]));
    for (let i = 0; i < RUNS; i++) {
      for (const [name, url, options] of pages) loads.get(name)!.push(await measure(browser, url, options));
    }
    const ref = median(loads.get('reference')!.map((l) => l.lcpMs));
    console.log(
      `${'page'.padEnd(28)} ${'LCP s'.padStart(6)} ${'× ref'.padStart(6)} ${'KB'.padStart(7)} ${'req.'.padStart(5)}  target`,
    );
    for (const [name] of pages) {
      const list = loads.get(name)!;
      const lcp = median(list.map((l) => l.lcpMs));
      const kb = median(list.map((l) => l.bytes)) / 1024;
      const requests = median(list.map((l) => l.requests));
      const target = TARGETS[name];
      const parts: string[] = [];
      let ok = true;
      if (target?.lcpMs !== undefined) {
        parts.push(`LCP ≤ ${fmt(target.lcpMs / 1000, 1)} s`);
        ok &&= lcp <= target.lcpMs;
      }
      if (target?.kb !== undefined) {
        parts.push(`≤ ${target.kb} KB`);
        ok &&= kb <= target.kb;
      }
      const label = LABELS[name] ?? `/${name}`;
      console.log(
        `${label.padEnd(28)} ${fmt(lcp / 1000, 2).padStart(6)} ${fmt(lcp / ref, 1).padStart(6)} ${fmt(kb, 1).padStart(7)} ${String(requests).padStart(5)}  ${
          parts.length ? `${ok ? 'OK  ' : 'MISS'} ${parts.join(', ')}` : ''
        }`,
      );
      console.log(`${''.padEnd(28)} LCP per load (s): ${list.map((l) => fmt(l.lcpMs / 1000, 2)).join(' / ')}`);
      const prefetched = median(list.map((l) => l.prefetchBytes)) / 1024;
      if (prefetched > 0) {
        console.log(
          `${''.padEnd(28)} + ${fmt(prefetched, 1)} KB prefetched at idle for the next page (not counted above)`,
        );
      }
      if (VERBOSE) {
        console.log(
          `${''.padEnd(28)} LCP element (first load): ${list[0].lcpElement.replace(/^(\w+) https?:\/\/[^/]+/, '$1 ')}`,
        );
        for (const f of [...list[0].files].sort((a, b) => a.startMs - b.startMs)) {
          console.log(
            `${''.padEnd(30)}${fmt(f.startMs).padStart(5)}–${fmt(f.endMs).padEnd(5)} ms ${fmt(f.bytes / 1024, 1).padStart(6)} KB ${f.encoding.padEnd(8)} ${f.url.replace(/^https?:\/\/[^/]+/, '')}`,
          );
        }
      }
    }
  } finally {
    await browser?.close();
    await reference.close();
    await stopServer(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await runSlowPhone();
}
