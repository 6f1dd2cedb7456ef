// Site search in Chromium, for `just bench` (bench/run.py): ours (the island on /search, reading
// the index the publisher wrote) against Pagefind (its JS API over the index it built from the
// same pages, on a copy of that page with Pagefind in the island's place: bench/pagefind.html,
// served alike). For each query and each, in
// a fresh browser context (an empty cache, as a first visit), with the CPU slowed four times,
// the visitor focuses the box (both start loading there: ours its list of shards, Pagefind its
// script, WebAssembly and metadata, as its own UI does), then types the query: the time from
// that input to the first result on screen and to the page of results, and the bytes fetched
// from the focus until they are (bodies as sent, gzip where the server gave it, and headers).
//
//   node bench/search.mjs <origin> <queries.json> <runs> [ours,pagefind]
//
// queries.json: [{"lang": "en"|"ar", "q": "…"}, …]. Prints one JSON object: for each query
// and engine, every run's {ms, msAll, bytes, requests, results}.

import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../checks/chromium.mjs'

const require = createRequire(new URL('../checks/package.json', import.meta.url))
const { chromium } = require('playwright-core')

const [origin, queriesFile, runsArg, only] = process.argv.slice(2)
const queries = JSON.parse(readFileSync(queriesFile, 'utf8'))
const runs = Number(runsArg ?? 5)

const ENGINES = {
  ours: {
    url: (lang) => `${origin}${lang === 'ar' ? '/ar' : ''}/search`,
    input: 'input[name="q"]',
    result: '.site-search-result',
  },
  pagefind: {
    url: (lang) => `${origin}${lang === 'ar' ? '/ar' : ''}/pagefind-bench`,
    input: '#q',
    result: '.site-search-result',
  },
}

/** Types `q` in one input event (as a paste) and resolves with the milliseconds from it to the
 * frame after the first result is in the document (`ms`), to the frame after the page of
 * results is (`msAll`: the list no longer busy, as ours marks it while its results come one
 * by one; Pagefind's page shows them all at once), and how many results then show. */
function typeAndWait({ input, result, q }) {
  return new Promise((resolve, reject) => {
    setTimeout(() => reject(new Error(`no result for ${q} in 30 s`)), 30_000)
    const box = document.querySelector(input)
    const started = performance.now()
    let first
    const busy = () => document.querySelector(`[aria-busy="true"]:has(${result})`) !== null
    const seen = () => {
      if (!document.querySelector(result)) return
      if (first === undefined) {
        first = null
        requestAnimationFrame(() => (first = performance.now() - started))
      }
      if (busy()) return
      observer.disconnect()
      requestAnimationFrame(() => {
        const all = performance.now() - started
        resolve({ ms: first ?? all, msAll: all, results: document.querySelectorAll(result).length })
      })
    }
    const observer = new MutationObserver(seen)
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] })
    // The value as React's onChange reads it (the native setter, then an input event).
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(box, q)
    box.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

async function measure(browser, engine, { lang, q }) {
  const context = await browser.newContext()
  const page = await context.newPage()
  page.on('pageerror', (error) => console.error(`${engine.url(lang)}: ${error.message}`))
  const cdp = await context.newCDPSession(page)
  await page.goto(engine.url(lang), { waitUntil: 'networkidle' })
  await page.waitForSelector(engine.input)
  const fetched = []
  page.on('requestfinished', (request) => fetched.push(request.sizes().then((s) => s.responseBodySize + s.responseHeadersSize)))
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await page.focus(engine.input)
  await page.waitForLoadState('networkidle')
  const shown = await page.evaluate(typeAndWait, { input: engine.input, result: engine.result, q })
  // What was asked for by then is in (both fetch every file a result needs before showing it).
  await page.waitForLoadState('networkidle')
  const sizes = await Promise.all(fetched)
  await context.close()
  return { ...shown, requests: sizes.length, bytes: sizes.reduce((a, b) => a + b, 0) }
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
const out = []
try {
  for (const query of queries) {
    const row = { ...query }
    const engines = Object.entries(ENGINES).filter(([name]) => !only || only.split(',').includes(name))
    for (const [name] of engines) row[name] = []
    // Each run of one after a run of the other: a host that slows down slows both alike.
    for (let i = 0; i < runs; i++) {
      for (const [name, engine] of engines) row[name].push(await measure(browser, engine, query))
    }
    out.push(row)
  }
} finally {
  await browser.close()
}
console.log(JSON.stringify(out))
