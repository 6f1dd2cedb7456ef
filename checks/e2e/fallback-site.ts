// The site where Arabic pages show English fallbacks (issue 53, architecture decision 11): the
// seeded demo, in a server of its own, with the Arabic twins of one item of each kind emptied
// through the admin API as an editor would: the last service (and its list items), the first
// blog of the listing (and its picture's Arabic alt text), the first client review and banner,
// and three general-content strings. The main site (global-setup) stays the demo as seeded.

/** What was emptied, for the spec to find on the pages (`E2E_FALLBACK`). */
export interface Fallbacks {
  service: number
  blog: { id: number; slug: string }
  review: number
  banner: number
  strings: string[]
}

const STRINGS = ['home.hero.subtitle', 'footer.tagline', 'contact.promise']

type Item = Record<string, unknown> & { id: number }

/** Empties the Arabic twins of one item of each kind on the site at `base`, and waits until it is published. */
export async function emptyArabicTwins(base: string, apiKey: string, token: string): Promise<Fallbacks> {
  const headers = { 'x-api-key': apiKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
    const text = await response.text()
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`)
    return JSON.parse(text) as { responseBody: Item[] | { result: Item[] } }
  }
  const list = async (path: string) => ((await call('GET', path)).responseBody as { result: Item[] }).result
  const one = async (path: string) => ((await call('GET', path)).responseBody as Item[])[0]
  /** The item as read, its twins `""`: a save that changes nothing else. */
  const english = (item: Item) => Object.fromEntries(Object.entries(item).map(([k, v]) => [k, k.endsWith('_ar') ? '' : v])) as Item

  const services = await list('/our-services?size=100')
  const service = services.reduce((a, b) => (Number(b.display_order) > Number(a.display_order) ? b : a))
  await call('PUT', `/our-services/${service.id}`, english(await one(`/our-services/${service.id}`)))
  for (const item of await list(`/list-of-services/display-order/${service.id}`)) {
    await call('PUT', `/list-of-services/${item.id}`, english(await one(`/list-of-services/${item.id}`)))
  }

  const blog = (await list('/blog?size=1'))[0]
  await call('PUT', `/blog/${blog.id}`, english(await one(`/blog/${blog.id}`)))
  const picture = String(blog.image_url).split('/').pop()!
  await call('PUT', `/media/${picture}`, { alt_ar: '' })

  const review = (await list('/client-reviewes/display-order?size=100'))[0]
  await call('PUT', `/client-reviewes/${review.id}`, english(await one(`/client-reviewes/${review.id}`)))

  const banner = (await list('/flashy-banner?size=100'))[0]
  await call('PUT', `/flashy-banner/update-flashy-banner-by-id/${banner.id}`, [english(await one(`/flashy-banner/get-flashy-banner-by-id/${banner.id}`))])

  for (const entry of await list('/general-content-section?size=100')) {
    if (STRINGS.includes(String(entry.name))) await call('PUT', `/general-content-section/${entry.id}`, english(entry))
  }

  // Published when the outbox is empty again.
  for (let i = 0; ; i += 1) {
    const status = (await call('GET', '/publish/status')).responseBody as unknown as { pendingJobs: number; failedJobs: unknown[] }
    if (status.failedJobs.length > 0) throw new Error(`a publish failed: ${JSON.stringify(status)}`)
    if (status.pendingJobs === 0) break
    if (i > 600) throw new Error(`the fallbacks were not published: ${JSON.stringify(status)}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  return { service: service.id, blog: { id: blog.id, slug: String(blog.slug) }, review: review.id, banner: banner.id, strings: STRINGS }
}
