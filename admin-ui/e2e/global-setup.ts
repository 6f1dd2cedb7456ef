/**
 * Starts a real `concierge serve` on a free port with a fresh data directory, serving this
 * build at /admin, creates the administrator the tests sign in as, waits for /healthz, and
 * returns the teardown that stops it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_PASSWORD, ADMIN_USER, STATE_FILE } from './support/env';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`concierge serve exited (${child.exitCode}):\n${log()}`);
    try {
      const response = await fetch(`${base}/healthz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`concierge serve did not answer /healthz within 60 s:\n${log()}`);
}

export default async function globalSetup() {
  const bin = path.resolve(root, process.env.CONCIERGE_BIN ?? '../target/debug/concierge');
  if (!existsSync(bin)) {
    throw new Error(`e2e: the concierge binary is missing at ${bin}: run \`cargo build -p concierge-api --bin concierge\` (or set CONCIERGE_BIN).`);
  }
  const adminDir = path.join(root, 'dist');
  if (!existsSync(path.join(adminDir, 'index.html'))) {
    throw new Error('e2e: admin-ui/dist is missing: run `npm run build` first.');
  }

  // The site's islands (the preview renders pages with them, as the site does).
  const islandsDir = path.resolve(root, '../site-islands/dist');
  if (!existsSync(path.join(islandsDir, 'server'))) {
    throw new Error('e2e: site-islands/dist is missing: run `just islands-build` first.');
  }

  const dataDir = mkdtempSync(path.join(tmpdir(), 'concierge-e2e-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    CONCIERGE_DATA_DIR: dataDir,
    CONCIERGE_ADDR: `127.0.0.1:${port}`,
    CONCIERGE_ADMIN_DIR: adminDir,
    CONCIERGE_ISLANDS_DIR: islandsDir,
    CONCIERGE_SITE_URL: base,
    CONCIERGE_FORM_LIMIT: '100000/1m',
    CONCIERGE_ADMIN_PASSWORD: ADMIN_PASSWORD,
    RUST_LOG: process.env.RUST_LOG ?? 'warn',
  };
  delete (env as Record<string, string | undefined>).CONCIERGE_DATABASE_URL;
  delete (env as Record<string, string | undefined>).CONCIERGE_MEDIA_STORE;
  delete (env as Record<string, string | undefined>).CONCIERGE_SITE_STORE;
  delete (env as Record<string, string | undefined>).CONCIERGE_API_KEY;

  const created = spawnSync(bin, ['admin', 'create', ADMIN_USER], { env, encoding: 'utf8', timeout: 60_000 });
  if (created.status !== 0) {
    throw new Error(`e2e: \`concierge admin create ${ADMIN_USER}\` failed:\n${created.stdout}\n${created.stderr}`);
  }

  // The server's output goes to a log beside the state file (kept after the run for diagnosis).
  mkdirSync(path.dirname(STATE_FILE), { recursive: true });
  const logFile = path.join(path.dirname(STATE_FILE), 'server.log');
  const log = openSync(logFile, 'w');
  const child = spawn(bin, ['serve'], { env, stdio: ['ignore', log, log] });
  await waitForHealth(base, child, () => readFileSync(logFile, 'utf8'));

  const config = (await (await fetch(`${base}/admin/config.json`)).json()) as { apiKey: string };
  writeFileSync(STATE_FILE, JSON.stringify({ baseURL: base, apiKey: config.apiKey, dataDir }));
  process.env.E2E_BASE_URL = base;

  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve(null);
      }, 5000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(null);
      });
    });
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(STATE_FILE, { force: true });
  };
}
