#!/usr/bin/env node
/**
 * Runs GS1's resolver conformance test suite (gs1/GS1DL-resolver-testsuite) against a running
 * portal, offline, without this repository holding any of GS1's code. See
 * scripts/gs1-resolver-conformance.md for the steps and ADR 037 for the figures.
 *
 *   node scripts/gs1-resolver-conformance.mjs <suite-dir> <digital-link> [out.txt]
 *
 * <suite-dir>: a checkout of gs1/GS1DL-resolver-testsuite (index.html,
 *   GS1DigitalLinkResolverTestSuite.js, tester.php …), served as is by `php -S`.
 * <digital-link>: the lot-level link to test, e.g. https://dtrack.localhost:3572/01/{gtin14}/10/{lot}
 *   (the suite's tester.php only fetches https:// URLs, so the portal is put behind the small TLS
 *   proxy below: https://dtrack.localhost:$TLS_PORT → http://127.0.0.1:$PORTAL_PORT, with
 *   X-Forwarded-Proto: https — start the portal with TRUST_PROXY=true).
 *
 * What the driver changes around the suite (never in its files):
 * - the suite calls its PHP helper at https://philarcher.org/gs1/tester.php: that request is
 *   answered by the same tester.php served locally (plus the CORS header the hosted one sends);
 * - GS1DigitalLinkToolkit.js (another GS1 repository, 170 kB, only used by the suite to decide that
 *   the input is a Digital Link before any test runs) is replaced by a small stand-in that accepts
 *   `/01/{gtin with a right check digit}` with 22/10/21 qualifiers;
 * - every other request leaving localhost (GS1's JSON schemas, the link type list) is aborted: the
 *   network is closed. The tests that need them are reported as such, not counted as defects.
 *
 * Env: PORTAL_PORT (3570), TLS_PORT (3572), TESTER_PORT (3571), CHROMIUM (/usr/bin/chromium).
 */
/* global setTimeout, URL, fetch, document -- Node 20 globals, and the page's in $$eval / waitForFunction */
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import https from 'node:https';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const [suiteArg, dl, outArg] = process.argv.slice(2);
if (!suiteArg || !dl) {
  console.error('usage: node scripts/gs1-resolver-conformance.mjs <suite-dir> <digital-link> [out.txt]');
  process.exit(2);
}
const suite = resolve(suiteArg);
for (const f of ['index.html', 'GS1DigitalLinkResolverTestSuite.js', 'tester.php'])
  if (!existsSync(join(suite, f))) throw new Error(`${f} missing in ${suite}`);
const PORTAL_PORT = Number(process.env.PORTAL_PORT ?? 3570);
const TLS_PORT = Number(process.env.TLS_PORT ?? 3572);
const TESTER_PORT = Number(process.env.TESTER_PORT ?? 3571);
const work = mkdtempSync(join(tmpdir(), 'gs1-conformance-'));

// A throw-away certificate for dtrack.localhost, trusted by tester.php's curl (curl.cainfo) only.
const key = join(work, 'tls.key');
const crt = join(work, 'tls.crt');
execFileSync(
  'openssl',
  [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    key,
    '-out',
    crt,
    '-days',
    '1',
    '-subj',
    '/CN=dtrack.localhost',
    '-addext',
    'subjectAltName=DNS:dtrack.localhost,DNS:agrihub.localhost,DNS:foodmap.localhost',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
  ],
  { stdio: 'ignore' },
);

const proxy = https.createServer({ key: readFileSync(key), cert: readFileSync(crt) }, (req, res) => {
  const up = http.request(
    {
      host: '127.0.0.1',
      port: PORTAL_PORT,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, 'x-forwarded-proto': 'https', 'x-forwarded-for': '127.0.0.1' },
    },
    (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    },
  );
  up.on('error', () => res.writeHead(502).end());
  req.pipe(up);
});
await new Promise((ok) => proxy.listen(TLS_PORT, '127.0.0.1', ok));

const php = spawn(
  'php',
  ['-d', `curl.cainfo=${crt}`, '-d', `openssl.cafile=${crt}`, '-S', `127.0.0.1:${TESTER_PORT}`, '-t', suite],
  { stdio: ['ignore', 'ignore', 'pipe'] },
);
let phpLog = '';
php.stderr.on('data', (d) => (phpLog += d));
await new Promise((ok) => setTimeout(ok, 800));

const toolkitStandIn = `
class GS1DigitalLinkToolkit {
  extractFromGS1digitalLink(uri) {
    const path = new URL(uri).pathname;
    const m = path.match(/\\/01\\/(\\d{8}|\\d{12,14})((?:\\/(?:22|10|21)\\/[^/]+)*)\\/?$/);
    if (!m) throw new Error('not a GS1 Digital Link URI');
    const g = m[1].padStart(14, '0');
    let s = 0;
    for (let i = 0; i < 13; i++) s += Number(g[i]) * (i % 2 === 0 ? 3 : 1);
    if ((10 - (s % 10)) % 10 !== Number(g[13])) throw new Error('bad GTIN check digit');
    const GS1 = { '01': g };
    const q = m[2].split('/').filter(Boolean);
    for (let i = 0; i < q.length; i += 2) GS1[q[i]] = decodeURIComponent(q[i + 1]);
    return { GS1, otherQueryStringElements: {} };
  }
  buildStructuredArray(gs1) {
    return { identifiers: gs1['01'] ? [{ '01': gs1['01'] }] : [], qualifiers: [], dataAttributes: [], other: [] };
  }
}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--host-resolver-rules=MAP *.localhost 127.0.0.1',
  ],
});
const blocked = new Set();
let results = [];
try {
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  const page = await context.newPage();
  await page.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === 'philarcher.org' && url.pathname === '/gs1/tester.php') {
      const r = await fetch(`http://127.0.0.1:${TESTER_PORT}/tester.php${url.search}`);
      return route.fulfill({
        status: r.status,
        headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' },
        body: await r.text(),
      });
    }
    if (url.pathname.endsWith('/GS1DigitalLinkToolkit.js') && url.hostname === '127.0.0.1')
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: toolkitStandIn });
    if (url.hostname === '127.0.0.1' || url.hostname.endsWith('.localhost')) return route.continue();
    blocked.add(`${url.origin}${url.pathname}`);
    return route.abort('internetdisconnected');
  });
  await page.goto(`http://127.0.0.1:${TESTER_PORT}/index.html`);
  await page.fill('#dlEgInput', dl);
  await page.click('#submitButton');
  // testDL() hides the spinner when its awaited tests are done; TLS and rdFile run beside them.
  await page.waitForFunction(() => document.getElementById('rotatingcircle').style.visibility === 'hidden', null, {
    timeout: 180_000,
  });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  results = await page.$$eval('#testResults dt', (dts) =>
    dts.map((dt) => {
      const dd = document.getElementById(`${dt.id}dd`);
      return { id: dt.id, test: dt.textContent, status: dd?.className ?? '?', msg: dd?.textContent ?? '' };
    }),
  );
  const overall = await page.$eval('#overallReport', (p) => p.textContent).catch(() => '');
  const count = (s) => results.filter((r) => r.status === s).length;
  const lines = [
    `GS1 resolver conformance suite — ${new Date().toISOString()}`,
    `Digital Link: ${dl}`,
    `pass ${count('pass')}, warn ${count('warn')}, fail ${count('fail')} (of ${results.length})`,
    overall ? `overall: ${overall}` : 'overall: (no critical issue reported)',
    '',
    ...results.map((r) => `[${r.status.toUpperCase()}] ${r.id} — ${r.test}\n        ${r.msg}`),
    '',
    'Requests aborted (network closed):',
    ...[...blocked].map((u) => `  ${u}`),
  ];
  const text = lines.join('\n') + '\n';
  if (outArg) writeFileSync(outArg, text);
  process.stdout.write(text);
} finally {
  await browser.close();
  php.kill();
  proxy.close();
  if (process.env.GS1_DEBUG) console.error(phpLog);
}
