// The seeded demo site, served by a real `concierge serve` on a free loopback port, for the
// scripts that look at the site (screenshots, audit). The browser tests have their own setup.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
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

/** Writes a 24 MP camera photograph (`checks/make-photo.py`) into a temp folder; returns its path. */
export function makePhoto() {
  const photo = join(mkdtempSync(join(tmpdir(), 'concierge-photo-')), 'camera.jpg')
  const made = spawnSync('python3', [join(root, 'checks/make-photo.py'), photo], { stdio: ['ignore', 'ignore', 'inherit'] })
  if (made.status !== 0) throw new Error('checks/make-photo.py failed (python3 -m pip install pillow numpy)')
  return photo
}

/**
 * Publishes a blog whose hero is a real camera photograph (`checks/make-photo.py`: 24 MP, 8 MB,
 * with a GPS position) the way an administrator does: upload, then save. Waits until the
 * server has made its variants and the page shows them; returns the page's path.
 */
export async function photoBlogPath(base, [username, password], photo = makePhoto()) {
  // The server drops connections idle for 5 s: a connection kept from before may be closing.
  const fetch = async (url, init) => {
    try {
      return await globalThis.fetch(url, init)
    } catch (e) {
      if (e?.cause?.code !== 'UND_ERR_SOCKET') throw e
      return globalThis.fetch(url, init)
    }
  }
  const headers = { 'x-api-key': API_KEY }
  const login = await fetch(`${base}/api/v1/authenticate`, {
    method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ username, password }),
  })
  headers.authorization = `Bearer ${(await login.json()).responseBody.token}`
  const form = new FormData()
  form.append('file', new Blob([readFileSync(photo)], { type: 'image/jpeg' }), 'camera.jpg')
  const uploaded = await (await fetch(`${base}/api/v1/blob-upload`, { method: 'POST', headers, body: form })).json()
  const url = uploaded.responseData
  if (!url) throw new Error(`upload failed: ${JSON.stringify(uploaded)}`)
  const blog = {
    name: 'Dawn Over the Dunes', name_ar: 'الفجر فوق الكثبان', display_order: 0, image_url: url,
    description: '<p>A private camp in the Empty Quarter, arranged to the minute: the drive, the tents, the breakfast at first light.</p>',
    description_ar: '<p>مخيم خاص في الربع الخالي، مرتّب بدقة: الطريق، والخيام، والفطور مع أول الضوء.</p>',
    meta_title: '', meta_description: '', key_words: '',
  }
  const created = await (await fetch(`${base}/api/v1/blog`, {
    method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(blog),
  })).json()
  const { id, slug } = created.responseBody[0]
  const path = `/${slug}/${id}`
  for (let i = 0; ; i += 1) {
    const info = (await (await fetch(`${base}/api/v1/media/${url.split('/').pop()}`, { headers })).json()).responseBody?.[0]
    const page = await (await fetch(base + path)).text()
    if (info?.status === 'ready' && page.includes('<picture>')) break
    if (info?.status === 'failed' || i > 1200) throw new Error(`the photograph was not processed: ${JSON.stringify(info)}`)
    await new Promise((r) => setTimeout(r, 250))
  }
  return path
}
