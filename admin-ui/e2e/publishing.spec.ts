/**
 * The publish round trip: a blog saved in the admin is served by the API, the publish queue
 * drains, and the static site has its pages. Further checks of the generated site belong in
 * `publishedChecks`.
 */
import { expect, test, unique } from './support/fixtures';
import { chooseImage, deleteRow, expectSavedTo } from './support/ui';

type Blog = { id: number; name: string; name_ar: string | null; slug: string };
type Check = { name: string; run: (blog: Blog, baseURL: string) => Promise<void> };

async function page(baseURL: string, path: string): Promise<string> {
  const response = await fetch(new URL(path, baseURL));
  expect(response.status, `GET ${path}`).toBe(200);
  return response.text();
}

const publishedChecks: Check[] = [
  {
    name: 'the English page of the blog shows its title',
    run: async (blog, baseURL) => expect(await page(baseURL, `/${blog.slug}/${blog.id}`)).toContain(blog.name),
  },
  {
    name: 'the Arabic page of the blog shows its Arabic title',
    run: async (blog, baseURL) => expect(await page(baseURL, `/ar/${blog.slug}/${blog.id}`)).toContain(blog.name_ar!),
  },
];

test('a blog created in the admin is published, and gone from the site after delete', async ({ adminPage, api }) => {
  const title = unique('Published from the admin');
  await adminPage.goto('/admin/addblog');
  await adminPage.getByLabel('Title', { exact: true }).fill(title);
  await adminPage.getByLabel('Display order', { exact: true }).fill('7');
  await chooseImage(adminPage);
  await adminPage.getByRole('tab', { name: 'Arabic' }).click();
  await adminPage.getByLabel('Title in Arabic', { exact: true }).fill('نُشرت من لوحة الإدارة');
  await adminPage.getByRole('button', { name: 'Submit' }).click();
  await expectSavedTo(adminPage, 'Blog added successfully', '/blogs');
  await expect(adminPage.getByTestId('publish-pill')).toHaveText(/^Live on the site · \d{2}:\d{2}$/);

  const blog = (await api.list<Blog>('/blog', 1, 100)).result.find((b) => b.name === title);
  expect(blog, 'GET /api/v1/blog lists the new blog').toBeDefined();
  await expect
    .poll(async () => (await api.call<{ responseBody: { pendingJobs: number; lastError: string | null } }>('GET', '/publish/status')).json.responseBody, {
      timeout: 20_000,
    })
    .toMatchObject({ pendingJobs: 0, lastError: null });
  for (const check of publishedChecks) await test.step(check.name, () => check.run(blog!, api.server.baseURL));

  // Deleting it in the admin takes both pages off the site.
  await deleteRow(adminPage, title, 'Blog deleted successfully');
  for (const path of [`/${blog!.slug}/${blog!.id}`, `/ar/${blog!.slug}/${blog!.id}`]) {
    await expect
      .poll(async () => (await fetch(new URL(path, api.server.baseURL))).status, { message: `GET ${path} after delete`, timeout: 20_000 })
      .toBe(404);
  }
});
