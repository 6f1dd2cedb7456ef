import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createI18n } from './lib/i18n'
import { IslandServer, loadIslands } from './protocol'
import { ISLANDS, type IslandName } from './registry'
import { identifierPrefix, islandElement } from './render'
import { islandProps, strings } from './test/fixtures'

let server: IslandServer
const init = JSON.stringify({ type: 'init', strings, config: { links: {} } })
const ask = (request: Record<string, unknown>) => JSON.parse(server.handle(JSON.stringify(request)) ?? 'null')

beforeAll(async () => {
  server = new IslandServer(await loadIslands())
})

describe('the server entry protocol', () => {
  it('refuses requests before init, then answers init with nothing', () => {
    expect(ask({ id: 1, island: 'newsletter', lang: 'en', props: {} })).toEqual({ id: 1, error: 'No init message before the first request' })
    expect(server.handle(init)).toBeNull()
  })

  it('answers each request with the html and the island’s own hydration strategy', () => {
    server.handle(init)
    const reply = ask({ id: 7, island: 'services-explorer', lang: 'ar', props: islandProps['services-explorer'] })
    expect(reply.id).toBe(7)
    expect(reply.hydrate).toBe('idle')
    expect(reply.html).toContain('Valet Parking')
    expect(reply.html).toContain('Travel Management')
    expect(reply.html).toContain('Item 1.5')
    expect(reply.html).not.toContain('Item 2.1')
    expect(reply.html).toContain(strings.ar.services.comingSoon)
  })

  it('names unknown islands and languages in its errors', () => {
    server.handle(init)
    expect(ask({ id: 2, island: 'carousel', lang: 'en', props: {} }).error).toBe('Unknown island "carousel"')
    expect(ask({ id: 3, island: 'newsletter', lang: 'fr', props: {} }).error).toBe('Unknown language "fr"')
    expect(JSON.parse(server.handle('{oops') ?? '').error).toMatch(/^Not JSON/)
  })

  it('reports an island that cannot render its props instead of crashing', () => {
    server.handle(init)
    const reply = ask({ id: 4, island: 'review-carousel', lang: 'en', props: { reviews: 'nope' } })
    expect(reply.error).toMatch(/^Island review-carousel \(en\) failed to render/)
  })
})

describe('every island hydrates its server markup without a warning', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  const cases = (Object.keys(ISLANDS) as IslandName[]).flatMap((name) => (['en', 'ar'] as const).map((lang) => [name, lang] as const))

  it.each(cases)('%s (%s)', async (name, lang) => {
    server.handle(init)
    const { html } = ask({ id: 1, island: name, lang, props: islandProps[name] })
    const element = document.createElement('div')
    element.innerHTML = html
    document.body.append(element)
    const errors = vi.spyOn(console, 'error')
    const recoverable = vi.fn()
    const { default: Island } = await ISLANDS[name].load()
    await act(async () => {
      hydrateRoot(element, islandElement(Island, islandProps[name], createI18n(lang, strings[lang])), {
        identifierPrefix: identifierPrefix(name),
        onRecoverableError: recoverable,
      })
    })
    expect(recoverable).not.toHaveBeenCalled()
    expect(errors).not.toHaveBeenCalled()
  })
})
