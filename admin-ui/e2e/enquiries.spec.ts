/**
 * The Contact Us Dashboard as an inbox (issue 15), in English and in Arabic: filter by status,
 * search, follow an enquiry up (its status and notes survive a reload), export what is shown.
 * The 24-hour marker needs an enquiry a day old, which the API cannot make: vitest covers it.
 */
import AxeBuilder from '@axe-core/playwright';
import JSZip from 'jszip';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectToast } from './support/ui';

/** What the admin says, in each language (the locales' texts, as a user reads them). */
const texts = {
  en: {
    status: 'Status',
    search: 'Search',
    all: 'All',
    new: 'New',
    inProgress: 'In progress',
    actionsFor: (name: string) => `Actions for ${name}`,
    edit: 'Edit',
    notes: 'Internal notes',
    submit: 'Submit',
    updated: 'contact updated successfully',
    download: 'Download Excel',
    downloaded: 'Excel downloaded successfully!',
    noData: 'No data available',
  },
  ar: {
    status: 'الحالة',
    search: 'بحث',
    all: 'الكل',
    new: 'جديدة',
    inProgress: 'قيد المعالجة',
    actionsFor: (name: string) => `إجراءات ${name}`,
    edit: 'تعديل',
    notes: 'ملاحظات داخلية',
    submit: 'إرسال',
    updated: 'تم تحديث جهة الاتصال بنجاح',
    download: 'تنزيل ملف Excel',
    downloaded: 'تم تنزيل ملف Excel بنجاح!',
    noData: 'لا توجد بيانات',
  },
} as const;

/** Names take letters only: a tag of random letters tells this test's enquiries apart. */
const letters = (length = 10) =>
  Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

type Enquiry = { id: number; first_name: string; last_name: string; email: string; status: string; lang: string; notes: string };

const rows = (page: Page) => page.locator('table.table tbody tr');
const rowWith = (page: Page, text: string) => rows(page).filter({ hasText: text });

async function expectAccessible(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious, label).toEqual([]);
}

for (const language of ['en', 'ar'] as const) {
  const say = texts[language];

  test.describe(`the enquiry inbox (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((lang) => localStorage.setItem('concierge.admin.lang', lang), language);
    });

    test('filter by status, search, follow an enquiry up, and export the filtered list', async ({ adminPage: page, api }) => {
      const tag = letters();
      const layla = await api.create<Enquiry>('/contact-us', {
        first_name: 'Layla', last_name: `Haddad ${tag}`, email: `layla.${tag}@example.com`, phone: '+971 50 111 2233',
        subject: 'Airport transfer', message: 'Arriving on Friday.', lang: 'ar',
      });
      const omar = await api.create<Enquiry>('/contact-us', {
        first_name: 'Omar', last_name: `Saleh ${tag}`, email: `omar.${tag}@example.com`, phone: '+971 50 444 5566',
        subject: 'Gifting', message: 'Twelve hampers.', lang: 'en',
      });
      expect([layla.status, layla.lang, omar.status, omar.lang]).toEqual(['new', 'ar', 'new', 'en']);

      // Search: debounced, into the address, page 1.
      await page.goto('/admin/contactusdashboard');
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      await page.getByRole('searchbox', { name: say.search }).fill(tag);
      await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
      await expect(rows(page)).toHaveCount(2);
      await expect(rowWith(page, 'Layla')).toContainText(say.new);
      await expect(rowWith(page, 'Layla')).toContainText('AR');
      await expect(rowWith(page, 'Omar')).toContainText('EN');

      // Status filter beside the search.
      const status = page.getByRole('combobox', { name: say.status });
      await status.selectOption({ label: say.new });
      await expect(page).toHaveURL(/[?&]status=new/);
      await expect(rows(page)).toHaveCount(2);
      await status.selectOption({ label: say.inProgress });
      await expect(page).toHaveURL(/[?&]status=in_progress/);
      await expect(page.getByText(say.noData, { exact: true })).toBeVisible();
      await expectAccessible(page, 'filtered dashboard');
      await status.selectOption({ label: say.all });
      await expect(rows(page)).toHaveCount(2);

      // Follow Omar up: status and notes, then back to the same filtered dashboard.
      await rowWith(page, 'Omar').getByRole('button', { name: say.actionsFor(`Omar Saleh ${tag}`) }).click();
      await page.getByRole('menuitem', { name: say.edit }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/addcontactus/${omar.id}\\?q=${tag}$`));
      await page.getByRole('combobox', { name: say.status }).selectOption({ label: say.inProgress });
      await page.getByLabel(say.notes).fill(`Called back about the hampers (${tag}).`);
      await page.getByRole('button', { name: say.submit }).click();
      await expectToast(page, say.updated);
      await expect(page).toHaveURL(new RegExp(`/admin/contactusdashboard\\?q=${tag}$`));

      await page.getByRole('combobox', { name: say.status }).selectOption({ label: say.inProgress });
      await expect(rows(page)).toHaveCount(1);
      await expect(rowWith(page, 'Omar')).toContainText(say.inProgress);

      // A reload keeps the filter, the search and what was saved.
      await page.reload();
      await expect(page.getByRole('combobox', { name: say.status })).toHaveValue('in_progress');
      await expect(page.getByRole('searchbox', { name: say.search })).toHaveValue(tag);
      await expect(rows(page)).toHaveCount(1);
      await expect(rowWith(page, 'Omar')).toContainText(say.inProgress);
      const saved = await api.call<{ responseBody: Enquiry[] }>('GET', `/contact-us/${omar.id}`);
      expect(saved.json.responseBody[0]).toMatchObject({ status: 'in_progress', notes: `Called back about the hampers (${tag}).` });
      await rowWith(page, 'Omar').getByRole('button', { name: say.actionsFor(`Omar Saleh ${tag}`) }).click();
      await page.getByRole('menuitem', { name: say.edit }).click();
      await expect(page.getByLabel(say.notes)).toHaveValue(`Called back about the hampers (${tag}).`);
      await expect(page.getByRole('combobox', { name: say.status })).toHaveValue('in_progress');
      await page.goBack();

      // The export asks for the same filter, and the file holds only what the dashboard shows.
      await expect(rows(page)).toHaveCount(1);
      const exportRequest = page.waitForRequest((request) => new URL(request.url()).pathname.endsWith('/api/v1/contact-us/export'));
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: say.download }).click();
      const sent = new URL((await exportRequest).url()).searchParams;
      expect([sent.get('status'), sent.get('q')]).toEqual(['in_progress', tag]);
      const file = await download;
      await expectToast(page, say.downloaded);
      const zip = await JSZip.loadAsync(await readFile((await file.path())!));
      const sheet = (await zip.file('xl/sharedStrings.xml')?.async('string')) ?? '';
      const cells = sheet + (await zip.file('xl/worksheets/sheet1.xml')!.async('string'));
      expect(cells).toContain(omar.email);
      expect(cells).not.toContain(layla.email);

      for (const enquiry of [layla, omar]) await api.call('DELETE', `/contact-us/${enquiry.id}`);
    });
  });
}
