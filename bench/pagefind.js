// Pagefind on the benchmark's copy of the search page (bench/pagefind.html, bench/search.mjs).
const box = document.getElementById('q')
const list = document.getElementById('results')
let pagefind
let latest = 0
const start = () => (pagefind ??= import('/pagefind/pagefind.js').then(async (p) => {
  await p.init()
  return p
}))
box.addEventListener('focus', start)
box.addEventListener('input', async () => {
  const mine = ++latest
  const search = await (await start()).search(box.value)
  const results = await Promise.all(search.results.slice(0, 10).map((r) => r.data()))
  if (mine !== latest) return
  list.replaceChildren(...results.map((r) => {
    const li = document.createElement('li')
    li.className = 'site-search-result'
    const h2 = document.createElement('h2')
    h2.className = 'site-search-result-title'
    const a = document.createElement('a')
    a.className = 'site-search-link'
    a.href = r.url
    a.textContent = r.meta.title
    h2.append(a)
    const p = document.createElement('p')
    p.className = 'site-search-snippet'
    p.innerHTML = r.excerpt
    li.append(h2, p)
    return li
  }))
})
