// The seeded demo site, served by a real `concierge serve` on a free loopback port, for the
// scripts that look at the site (screenshots, audit). The browser tests have their own setup.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
export const API_KEY = process.env.CONCIERGE_API_KEY ?? 'concierge-dev-key'

export { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs'

function freePort() {
  return new Promise((ok, fail) => {
    const server = createServer().once('error', fail).listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => ok(port))
    })
  })
}

/**
 * Seeds a fresh data directory, builds the site and serves it. `admin` = [name, password]
 * also creates an administrator. Returns the base URL and `stop()`.
 */
export async function startDemoSite({ admin } = {}) {
  const binary = process.env.CONCIERGE_BIN ?? join(root, 'target/debug/concierge')
  const port = await freePort()
  const data = mkdtempSync(join(tmpdir(), 'concierge-demo-'))
  const env = {
    ...process.env,
    CONCIERGE_DATA_DIR: data,
    CONCIERGE_ADDR: `127.0.0.1:${port}`,
    CONCIERGE_ISLANDS_DIR: join(root, 'site-islands/dist'),
    CONCIERGE_ADMIN_DIR: join(root, 'admin-ui/dist'),
    RUST_LOG: 'warn',
  }
  delete env.CONCIERGE_DATABASE_URL
  delete env.CONCIERGE_SITE_URL
  if (admin) env.CONCIERGE_ADMIN_PASSWORD = admin[1]
  const steps = [['seed'], ...(admin ? [['admin', 'create', admin[0]]] : []), ['build']]
  for (const args of steps) {
    const run = spawnSync(binary, args, { env, stdio: ['ignore', 'ignore', 'inherit'] })
    if (run.status !== 0) throw new Error(`concierge ${args.join(' ')} failed (${binary})`)
  }
  const server = spawn(binary, ['serve'], { env, stdio: 'ignore' })
  const base = `http://127.0.0.1:${port}`
  const stop = () => {
    server.kill()
    rmSync(data, { recursive: true, force: true })
  }
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`${base}/healthz`)).ok && (await fetch(`${base}/`)).ok) break
    } catch {}
    if (i > 600) {
      stop()
      throw new Error(`concierge serve did not answer on ${base}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return { base, stop }
}

/** The path of the newest published blog article (`/{slug}/{id}`). */
export async function firstBlogPath(base) {
  const response = await fetch(`${base}/api/v1/blog?size=1`, { headers: { 'x-api-key': API_KEY } })
  const blog = (await response.json()).responseBody.result[0]
  return `/${blog.slug}/${blog.id}`
}
