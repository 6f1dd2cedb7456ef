import { expect, test } from './fixtures'

test('the language switch goes to the counterpart page and the choice sticks', async ({ page }) => {
  await page.goto('/contact-us')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  const switchLink = page.locator('a[data-lang-switch="ar"]:visible').first()
  if (!(await switchLink.isVisible())) await page.getByRole('button', { name: 'Open menu' }).click()
  await page.locator('a[data-lang-switch="ar"]:visible').first().click()
  await expect(page).toHaveURL(/\/ar\/contact-us$/)
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  expect(await page.evaluate(() => localStorage.getItem('concierge.lang'))).toBe('ar')

  // A stored choice takes the visitor to the counterpart of any English page they open.
  await page.goto('/services')
  await expect(page).toHaveURL(/\/ar\/services$/)
  await page.goto('/')
  await expect(page).toHaveURL(/\/ar\/?$/)

  // Switching back to English sticks as well.
  await page.goto('/ar/about')
  await page.locator('footer a[data-lang-switch="en"]').click()
  await expect(page).toHaveURL(/\/about$/)
  expect(await page.evaluate(() => localStorage.getItem('concierge.lang'))).toBe('en')
  await page.goto('/ar/blogs')
  await expect(page).toHaveURL(/\/blogs$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
})
