import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { emptyArabicTwins } from './fallback-site'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const ADMIN = 'e2e'
const PASSWORD = 'e2e-password-8c1f9a'

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))))
    })
  })
}

async function waitFor(url: string, until: number): Promise<void> {
  for (;;) {
    try {
      if ((await fetch(url)).status === 200) return
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer 200 in time`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

interface Site {
  base: string
  token: string
  stop: () => Promise<void>
}

/** Seeds a fresh data directory, creates an administrator, serves the site, and gets a token. */
async function startSite(binary: string, islands: string): Promise<Site> {
  const dataDir = mkdtempSync(join(tmpdir(), 'concierge-e2e-'))
  const port = await freePort()
  const env = {
    ...process.env,
    CONCIERGE_DATA_DIR: dataDir,
    CONCIERGE_ADDR: `127.0.0.1:${port}`,
    CONCIERGE_ISLANDS_DIR: resolve(islands),
    // With a tag manager the site has a consent banner (consent.spec, sweep.spec rely on it).
    CONCIERGE_GTM_ID: 'GTM-TEST123',
    // Every spec submits from 127.0.0.1: the per-address form limit is for real visitors.
    CONCIERGE_FORM_LIMIT: '100000/1m',
    CONCIERGE_ADMIN_PASSWORD: PASSWORD,
  }
  execFileSync(binary, ['seed'], { env, stdio: ['ignore', 'ignore', 'inherit'] })
  execFileSync(binary, ['admin', 'create', ADMIN], { env, stdio: ['ignore', 'ignore', 'inherit'] })

  const server = spawn(binary, ['serve'], { env, stdio: ['ignore', 'ignore', 'pipe'] })
  let log = ''
  server.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000)
  })
  const base = `http://127.0.0.1:${port}`
  const stop = async () => {
    server.kill('SIGTERM')
    await new Promise((r) => server.once('exit', r).once('error', r))
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    await waitFor(`${base}/healthz`, Date.now() + 60_000)
    await waitFor(`${base}/`, Date.now() + 120_000)
  } catch (error) {
    await stop()
    throw new Error(`${(error as Error).message}\n--- concierge serve ---\n${log}`)
  }

  const login = await fetch(`${base}/api/v1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey() },
    body: JSON.stringify({ username: ADMIN, password: PASSWORD }),
  })
  const body = (await login.json()) as { responseBody?: { token?: string } }
  if (!body.responseBody?.token) {
    await stop()
    throw new Error(`Admin login failed: ${login.status} ${JSON.stringify(body)}`)
  }
  return { base, token: body.responseBody.token, stop }
}

/**
 * Serves the seeded demo for the specs (`E2E_BASE_URL`, with an administrator's token), and
 * beside it the same demo with English fallbacks on its Arabic pages (`E2E_FALLBACK_URL`,
 * fallback-site.ts), each on a free port.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const binary = process.env.CONCIERGE_BIN ?? join(root, 'target/debug/concierge')
  const islands = process.env.CONCIERGE_ISLANDS_DIR ?? join(root, 'site-islands/dist')
  if (!existsSync(binary)) throw new Error(`${binary} missing: run \`cargo build -p concierge-api --bin concierge\``)
  if (!existsSync(join(islands, 'server/server.js'))) throw new Error(`${islands} has no islands build: run \`npm run build\` in site-islands/`)

  const started = await Promise.allSettled([startSite(binary, islands), startSite(binary, islands)])
  const stopAll = () => Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.stop() : undefined)))
  const failed = started.find((s) => s.status === 'rejected')
  if (failed) {
    await stopAll()
    throw (failed as PromiseRejectedResult).reason
  }
  const [site, fallbackSite] = started.map((s) => (s as PromiseFulfilledResult<Site>).value)
  try {
    process.env.E2E_FALLBACK = JSON.stringify(await emptyArabicTwins(fallbackSite.base, apiKey(), fallbackSite.token))
  } catch (error) {
    await stopAll()
    throw error
  }

  process.env.E2E_BASE_URL = site.base
  process.env.E2E_ADMIN_TOKEN = site.token
  process.env.E2E_API_KEY = apiKey()
  process.env.E2E_FALLBACK_URL = fallbackSite.base

  return async () => {
    await stopAll()
  }
}

/** The development key `concierge serve` uses unless CONCIERGE_API_KEY is set. */
function apiKey(): string {
  return process.env.CONCIERGE_API_KEY ?? 'concierge-dev-key'
}
