/**
 * Contact enquiries at the desk (issues 15 and 44), in English and in Arabic: filter by status,
 * search, change a status from the list, take an enquiry (assign it, add a note: both survive a
 * reload), export what is shown, and, as an owner, delete an enquiry and bring it back.
 * The 24-hour marker needs an enquiry a day old, which the API cannot make: vitest covers it.
 */
import JSZip from 'jszip';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { ADMIN_USER } from './support/env';
import { expectAccessible, expectToast } from './support/ui';

/** What the admin says, in each language (the locales' texts, as a user reads them). */
const texts = {
  en: {
    status: 'Status',
    search: 'Search',
    all: 'All',
    new: 'New',
    inProgress: 'In progress',
    statusOf: (name: string) => `Status of ${name}`,
    updated: 'contact updated successfully',
    assignee: 'Assigned to',
    assignToMe: 'Assign to me',
    newNote: 'New note',
    addNote: 'Add note',
    notes: 'Notes, newest first',
    words: 'The enquiry, as sent',
    back: 'Back to the Contact Us Dashboard',
    download: 'Download Excel',
    downloaded: 'Excel downloaded successfully!',
    noMatch: 'Nothing here has this status or matches this search.',
    fromArabicPage: 'Arabic',
    fromEnglishPage: 'English',
    delete: 'Delete',
    confirmTitle: 'Are You Sure to Delete?',
    confirm: 'Confirm',
    deleted: 'Contact deleted successfully',
    trash: 'Deleted',
    inbox: 'Inbox',
    bringBack: (name: string) => `Bring back ${name}`,
    broughtBack: 'Brought back from the deleted items',
  },
  ar: {
    status: 'الحالة',
    search: 'بحث',
    all: 'الكل',
    new: 'جديدة',
    inProgress: 'قيد المعالجة',
    statusOf: (name: string) => `حالة ${name}`,
    updated: 'تم تحديث جهة الاتصال بنجاح',
    assignee: 'المسؤول',
    assignToMe: 'أسنده إليّ',
    newNote: 'ملاحظة جديدة',
    addNote: 'إضافة ملاحظة',
    notes: 'الملاحظات، الأحدث أولًا',
    words: 'الاستفسار كما وصل',
    back: 'العودة إلى لوحة رسائل التواصل',
    download: 'تنزيل ملف Excel',
    downloaded: 'تم تنزيل ملف Excel بنجاح!',
    noMatch: 'لا يوجد هنا عنصر بهذه الحالة أو يطابق هذا البحث.',
    fromArabicPage: 'العربية',
    fromEnglishPage: 'الإنجليزية',
    delete: 'حذف',
    confirmTitle: 'هل أنت متأكد من الحذف؟',
    confirm: 'تأكيد',
    deleted: 'تم حذف جهة الاتصال بنجاح',
    trash: 'المحذوفات',
    inbox: 'الوارد',
    bringBack: (name: string) => `استعادة ${name}`,
    broughtBack: 'أُعيد من العناصر المحذوفة',
  },
} as const;

/** Names take letters only: a tag of random letters tells this test's enquiries apart. */
const letters = (length = 10) =>
  Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

type Enquiry = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  status: string;
  lang: string;
  assignee: string | null;
  notes: { author: string | null; text: string }[];
};

const rows = (page: Page) => page.locator('table.table tbody tr');
const rowWith = (page: Page, text: string) => rows(page).filter({ hasText: text });


for (const language of ['en', 'ar'] as const) {
  const say = texts[language];

  test.describe(`the enquiry inbox (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((lang) => localStorage.setItem('concierge.admin.lang', lang), language);
    });

    test('filter, search, a status from the list, take an enquiry, export, delete and bring back', async ({ adminPage: page, api }) => {
      const tag = letters();
      const layla = await api.create<Enquiry>('/contact-us', {
        first_name: 'ليلى', last_name: `Haddad ${tag}`, email: `layla.${tag}@example.com`, phone: '+971 50 111 2233',
        subject: 'استقبال في المطار', message: 'أصل يوم الجمعة مع عائلتي.', lang: 'ar',
      });
      const omar = await api.create<Enquiry>('/contact-us', {
        first_name: 'Omar', last_name: `Saleh ${tag}`, email: `omar.${tag}@example.com`, phone: '0501234567',
        subject: 'Gifting', message: 'Twelve hampers.', lang: 'en',
      });
      expect([layla.status, layla.lang, omar.status, omar.lang]).toEqual(['new', 'ar', 'new', 'en']);
      const omarName = `Omar Saleh ${tag}`;
      const laylaName = `ليلى Haddad ${tag}`;

      // Search: debounced, into the address, page 1.
      await page.goto('/admin/contactusdashboard');
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      await page.getByRole('searchbox', { name: say.search }).fill(tag);
      await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
      await expect(rows(page)).toHaveCount(2);
      // The page each came from, in words.
      await expect(rowWith(page, laylaName).locator('.lang-tag')).toHaveText(say.fromArabicPage);
      await expect(rowWith(page, laylaName)).toContainText(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
      await expect(rowWith(page, laylaName).getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', 'https://wa.me/971501112233');
      await expect(rowWith(page, omarName).locator('.lang-tag')).toHaveText(say.fromEnglishPage);
      await expect(rowWith(page, omarName).getByRole('link', { name: /WhatsApp/ }), 'a local number: call only').toHaveCount(0);
      await expect(rowWith(page, omarName).locator('a[href="tel:0501234567"]')).toHaveCount(1);

      // Status filter beside the search.
      const status = page.getByRole('combobox', { name: say.status, exact: true });
      await status.selectOption({ label: say.new });
      await expect(page).toHaveURL(/[?&]status=new/);
      await expect(rows(page)).toHaveCount(2);
      await status.selectOption({ label: say.inProgress });
      await expect(page).toHaveURL(/[?&]status=in_progress/);
      await expect(page.getByText(say.noMatch, { exact: true })).toBeVisible();
      await status.selectOption({ label: say.all });
      await expect(rows(page)).toHaveCount(2);
      await expectAccessible(page, 'the inbox');

      // Omar's status, from his row.
      await page.getByRole('combobox', { name: say.statusOf(omarName) }).selectOption({ label: say.inProgress });
      await expectToast(page, say.updated);

      // Take Omar's enquiry: assign it to me, a note; his words are read-only.
      await page.getByRole('link', { name: omarName }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/addcontactus/${omar.id}\\?q=${tag}$`));
      await expect(page.getByRole('region', { name: say.words }).getByRole('textbox')).toHaveCount(0);
      await page.getByRole('button', { name: say.assignToMe }).click();
      await expectToast(page, say.updated);
      await page.getByRole('textbox', { name: say.newNote }).fill(`Called back about the hampers (${tag}).`);
      await page.getByRole('button', { name: say.addNote }).click();
      await expect(page.getByRole('list', { name: say.notes }).getByRole('listitem')).toHaveCount(1);
      await expectAccessible(page, 'an enquiry');
      await page.reload();
      await expect(page.getByRole('combobox', { name: say.assignee })).toHaveValue(ADMIN_USER);
      await expect(page.getByRole('combobox', { name: say.status, exact: true })).toHaveValue('in_progress');
      await expect(page.getByRole('list', { name: say.notes })).toContainText(`Called back about the hampers (${tag}).`);
      const saved = await api.call<{ responseBody: Enquiry[] }>('GET', `/contact-us/${omar.id}`);
      expect(saved.json.responseBody[0]).toMatchObject({ status: 'in_progress', assignee: ADMIN_USER });
      expect(saved.json.responseBody[0].notes[0]).toMatchObject({ author: ADMIN_USER, text: `Called back about the hampers (${tag}).` });

      // Back to the same search; the export asks for the same filter and holds only what is shown.
      await page.getByRole('link', { name: say.back }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/contactusdashboard\\?q=${tag}$`));
      await page.getByRole('combobox', { name: say.status, exact: true }).selectOption({ label: say.inProgress });
      await expect(rows(page)).toHaveCount(1);
      const exportRequest = page.waitForRequest((request) => new URL(request.url()).pathname.endsWith('/api/v1/contact-us/export'));
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: say.download }).click();
      const sent = new URL((await exportRequest).url()).searchParams;
      expect([sent.get('status'), sent.get('q')]).toEqual(['in_progress', tag]);
      const file = await download;
      await expectToast(page, say.downloaded);
      const zip = await JSZip.loadAsync(await readFile((await file.path())!));
      const cells = ((await zip.file('xl/sharedStrings.xml')?.async('string')) ?? '') + (await zip.file('xl/worksheets/sheet1.xml')!.async('string'));
      expect(cells).toContain(omar.email);
      expect(cells).toContain(`Called back about the hampers (${tag}).`);
      expect(cells).not.toContain(layla.email);

      // An owner deletes Layla's enquiry, then brings it back from Deleted.
      await page.getByRole('combobox', { name: say.status, exact: true }).selectOption({ label: say.all });
      await page.getByRole('link', { name: laylaName }).click();
      await page.getByRole('button', { name: say.delete, exact: true }).click();
      const dialog = page.getByRole('alertdialog', { name: say.confirmTitle });
      await dialog.getByRole('button', { name: say.confirm }).click();
      await expectToast(page, say.deleted);
      await expect(rows(page)).toHaveCount(1);
      await page.getByRole('button', { name: say.trash, exact: true }).click();
      await page.getByRole('button', { name: say.bringBack(laylaName) }).click();
      await expectToast(page, say.broughtBack);
      await page.getByRole('button', { name: say.inbox, exact: true }).click();
      await expect(rows(page)).toHaveCount(2);

      for (const enquiry of [layla, omar]) await api.call('DELETE', `/contact-us/${enquiry.id}`);
    });
  });
}
