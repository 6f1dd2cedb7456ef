/**
 * The publish round trip, as far as it exists today: a blog saved in the admin is served by the
 * API and the publish queue drains. When the static site lands, add the page check to
 * `publishedChecks` (e.g. fetch `/{slug}/{id}` and look for the title).
 */
import { expect, test, unique } from './support/fixtures';
import { chooseImage, expectSavedTo } from './support/ui';

type Blog = { id: number; name: string; slug: string };
type Check = (blog: Blog, baseURL: string) => Promise<void>;

const publishedChecks: Check[] = [];

test('a blog created in the admin is published', async ({ adminPage: page, api }) => {
  const title = unique('Published from the admin');
  await page.goto('/admin/addblog');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Display order', { exact: true }).fill('7');
  await chooseImage(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectSavedTo(page, 'Blog added successfully', '/blogs');
  await expect(page.getByTestId('publish-pill')).toHaveText(/^Live on the site · \d{2}:\d{2}$/);

  const blog = (await api.list<Blog>('/blog', 1, 100)).result.find((b) => b.name === title);
  expect(blog, 'GET /api/v1/blog lists the new blog').toBeDefined();
  await expect
    .poll(async () => (await api.call<{ responseBody: { pendingJobs: number; lastError: string | null } }>('GET', '/publish/status')).json.responseBody, {
      timeout: 20_000,
    })
    .toMatchObject({ pendingJobs: 0, lastError: null });
  for (const check of publishedChecks) await check(blog!, api.server.baseURL);
});
