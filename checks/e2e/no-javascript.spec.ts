import { expect, test } from './fixtures'

test.use({ javaScriptEnabled: false })

test('without JavaScript the services page and the blog list are readable and linked', async ({ page }) => {
  await page.goto('/services')
  const { services } = JSON.parse((await page.locator('[data-island="services-explorer"]').getAttribute('data-props'))!) as {
    services: { name: string; url: string; items: { name: string }[] }[]
  }
  for (const service of services) {
    const link = page.locator('.service-picker a', { hasText: service.name })
    await expect(link).toBeVisible()
    await expect(link).toHaveAttribute('href', service.url)
  }
  await expect(page.locator('.service-panel h2')).toHaveText(services[0].name)
  const items = page.locator('.service-panel .carousel-slide')
  await expect(items).toHaveCount(services[0].items.length)
  for (const [i, item] of services[0].items.entries()) {
    await items.nth(i).scrollIntoViewIfNeeded()
    await expect(items.nth(i).getByRole('heading', { name: item.name })).toBeVisible()
  }

  await page.goto('/blogs')
  const cards = page.locator('.blog-card')
  expect(await cards.count()).toBeGreaterThan(0)
  const first = cards.first()
  await expect(first.locator('.card-title a')).toBeVisible()
  const href = (await first.locator('.card-title a').getAttribute('href'))!
  await first.locator('.card-title a').click()
  await expect(page).toHaveURL(new RegExp(`${href}$`))
})
