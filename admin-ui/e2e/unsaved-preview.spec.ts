/**
 * Preview shows what is on screen, and every content list filters (issue 41), in English and
 * Arabic: a blog's title edited but not saved is what the preview's page shows (sent to
 * `POST /preview/blog/{id}`, nothing saved), and the dialog says so; on the blogs list the status
 * filter and the search go to the server, stay in the address through a reload, and an empty
 * result says that nothing matches.
 */
import type { Page } from '@playwright/test';
import { expect, test, unique, type Api } from './support/fixtures';

type Language = 'en' | 'ar';
type Blog = { id: number; name: string; name_ar: string | null };

const words = {
  en: {
    publishing: 'Publishing', preview: 'Preview', previewTitle: 'Preview', unsaved: 'Showing your unsaved changes',
    arabic: 'Arabic', title: 'Title', titleAr: 'Title in Arabic', status: 'Status', search: 'Search', draft: 'Draft',
    noMatch: 'Nothing here has this status or matches this search.', clear: 'Clear the filter', listFilter: 'Filter the list',
  },
  ar: {
    publishing: 'النشر', preview: 'معاينة', previewTitle: 'معاينة', unsaved: 'تعرض تغييراتك غير المحفوظة',
    arabic: 'العربية', title: 'العنوان', titleAr: 'العنوان بالعربية', status: 'الحالة', search: 'بحث', draft: 'مسودة',
    noMatch: 'لا يوجد هنا عنصر بهذه الحالة أو يطابق هذا البحث.', clear: 'امسح التصفية', listFilter: 'تصفية القائمة',
  },
} as const;

const blogBody = (name: string, extra: object = {}) => ({
  name,
  display_order: -700,
  image_url: '/media/x.png',
  description: '<p>Quiet arrivals.</p>',
  ...extra,
});

async function savedName(api: Api, id: number): Promise<Blog> {
  const { json } = await api.call<{ responseBody: Blog[] }>('GET', `/blog/${id}`);
  return json.responseBody[0];
}

/** The admin in `language` (the choice the language switch keeps). */
async function inLanguage(page: Page, language: Language): Promise<void> {
  await page.addInitScript((lang) => localStorage.setItem('concierge.admin.lang', lang), language);
}

for (const language of ['en', 'ar'] as const) {
  const w = words[language];

  test.describe(`in ${language === 'en' ? 'English' : 'Arabic'}`, () => {
    test('the preview shows the unsaved title and says so; nothing is saved', async ({ adminPage: page, api }) => {
      const blog = await api.create<Blog>('/blog', blogBody(unique('Preview source')));
      await inLanguage(page, language);
      await page.goto(`/admin/addblog/${blog.id}`);
      await expect(page.getByLabel(w.title, { exact: true })).toHaveValue(blog.name);

      // English: the English title; Arabic: the Arabic one, on the Arabic page.
      const edited = language === 'en' ? `${blog.name} (not saved yet)` : 'موسم لندن، قبل الحفظ';
      if (language === 'en') await page.getByLabel(w.title, { exact: true }).fill(edited);
      else {
        await page.getByRole('tab', { name: w.arabic }).click();
        await page.getByLabel(w.titleAr, { exact: true }).fill(edited);
      }

      await page.getByRole('region', { name: w.publishing }).getByRole('button', { name: w.preview, exact: true }).click();
      const preview = page.getByRole('dialog', { name: w.previewTitle });
      await expect(preview.getByText(w.unsaved, { exact: true })).toBeVisible();
      if (language === 'ar') await preview.getByRole('button', { name: w.arabic, exact: true }).click();
      await expect(preview.frameLocator('iframe').locator('body')).toContainText(edited);
      await page.keyboard.press('Escape');
      await expect(preview).toBeHidden();

      const stored = await savedName(api, blog.id);
      expect(stored.name).toBe(blog.name);
      expect(stored.name_ar ?? '').not.toBe(edited);
    });

    test('the blogs list filters by status and searches, in the address, and says when nothing matches', async ({ adminPage: page, api }) => {
      const tag = unique('Filterable').replace(/\s/g, '-');
      const draft = await api.create<Blog>('/blog', blogBody(`${tag} draft`, { status: 'draft' }));
      const live = await api.create<Blog>('/blog', blogBody(`${tag} live`));
      await inLanguage(page, language);
      await page.goto('/admin/blogs');

      const toolbar = page.getByRole('search', { name: w.listFilter });
      await toolbar.getByRole('combobox', { name: w.status }).selectOption({ label: w.draft });
      await expect(page).toHaveURL(/[?&]status=draft/);
      await toolbar.getByRole('searchbox', { name: w.search }).fill(tag);
      await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));

      const rows = page.locator('table.table tbody tr');
      await expect(rows.filter({ hasText: draft.name })).toHaveCount(1);
      await expect(rows.filter({ hasText: live.name })).toHaveCount(0);
      await expect(rows.filter({ hasText: draft.name })).toContainText(w.draft);

      // A reload keeps both.
      await page.reload();
      await expect(toolbar.getByRole('combobox', { name: w.status })).toHaveValue('draft');
      await expect(toolbar.getByRole('searchbox', { name: w.search })).toHaveValue(tag);
      await expect(rows.filter({ hasText: draft.name })).toHaveCount(1);

      // Nothing under this filter: said so, with the way back.
      await toolbar.getByRole('searchbox', { name: w.search }).fill(`${tag}-nothing`);
      await expect(page.getByText(w.noMatch, { exact: true })).toBeVisible();
      await page.getByRole('button', { name: w.clear }).click();
      await expect(page).not.toHaveURL(/[?&](status|q)=/);
      await expect(toolbar.getByRole('searchbox', { name: w.search })).toHaveValue('');
    });
  });
}
