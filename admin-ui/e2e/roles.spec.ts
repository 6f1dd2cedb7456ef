/**
 * Roles (ARCHITECTURE.md, "Roles and permissions"), in English and Arabic: the owner adds an
 * editor, a translator, a contributor and a member of the enquiry desk (`POST /admin-users` with
 * `role`); each signs in through the login page and finds their own back office: their menu and
 * start page, no button their role would be refused, "You do not have permission" at the address
 * of a screen that is not theirs; the translator edits the Arabic of a blog beside read-only
 * English fields, the contributor saves a draft for an editor.
 * None of them is refused anything on the way: the audit log holds no `denied` line of theirs.
 */
import type { Page } from '@playwright/test';
import { expect, test, unique, type Api } from './support/fixtures';
import { addMember, expectNoRefusals, signInAs } from './support/members';
import { photograph } from './support/ui';

const words = {
  en: {
    username: 'User name', password: 'Password', login: 'Login', menu: 'Main menu',
    today: 'Today', mine: 'Your drafts and changes', toTranslate: 'Arabic to write', enquiries: 'Enquiries', contactLink: 'Contact enquiries', pending: 'Changes pending',
    services: 'Services', banners: 'Banner Dashboard', reviews: 'Client Review', contacts: 'Contact Us Dashboard', airport: 'Airport requests',
    blogs: 'Blogs', serviceLists: 'Services List Dashboard', generalContent: 'General Content Dashboard', destinations: 'Destinations', media: 'Media',
    subscriptions: 'Subscription', team: 'Team', audit: 'Audit log', review: 'Waiting for review', schedule: 'Schedule', translations: 'Translations', account: 'My account',
    forbidden: 'You do not have permission', addBlog: 'Add blog', actionsFor: (name: string) => `Actions for ${name}`,
    statusOf: (name: string) => `Status of ${name}`, deleted: 'Deleted', assignToMe: 'Assign to me',
    view: 'View', edit: 'Edit', delete: 'Delete', publishNow: 'Publish now', unpublish: 'Unpublish', submit: 'Submit',
    saveDraft: 'Save as draft', title: 'Title', titleAr: 'Title in Arabic', arabicTab: 'Arabic',
    arabicOnly: 'You may change the Arabic text only; the other fields are shown for reference.',
    savedForReview: 'Saved as a draft: an editor publishes it.',
  },
  ar: {
    username: 'اسم المستخدم', password: 'كلمة المرور', login: 'دخول', menu: 'القائمة الرئيسية',
    today: 'اليوم', mine: 'مسوداتك وتغييراتك', toTranslate: 'نصوص عربية للكتابة', enquiries: 'الاستفسارات', contactLink: 'استفسارات التواصل', pending: 'تغييرات بانتظار النشر',
    services: 'الخدمات', banners: 'لوحة اللافتات', reviews: 'آراء العملاء', contacts: 'لوحة رسائل التواصل', airport: 'طلبات خدمات المطار',
    blogs: 'المدونات', serviceLists: 'لوحة قوائم الخدمات', generalContent: 'لوحة المحتوى العام', destinations: 'الوجهات', media: 'مكتبة الوسائط',
    subscriptions: 'الاشتراكات', team: 'الفريق', audit: 'سجل التدقيق', review: 'بانتظار المراجعة', schedule: 'الجدولة', translations: 'الترجمات', account: 'حسابي',
    forbidden: 'ليست لديك صلاحية', addBlog: 'إضافة مدونة', actionsFor: (name: string) => `إجراءات ${name}`,
    statusOf: (name: string) => `حالة ${name}`, deleted: 'المحذوفات', assignToMe: 'أسنده إليّ',
    view: 'عرض', edit: 'تعديل', delete: 'حذف', publishNow: 'انشر الآن', unpublish: 'إلغاء النشر', submit: 'إرسال',
    saveDraft: 'حفظ كمسودة', title: 'العنوان', titleAr: 'العنوان بالعربية', arabicTab: 'العربية',
    arabicOnly: 'يمكنك تغيير النص العربي فقط؛ الحقول الأخرى معروضة للاطلاع.',
    savedForReview: 'حُفظت المسودة: ينشرها أحد المحررين.',
  },
} as const;

type Words = (typeof words)['en' | 'ar'];

/**
 * The content screens of the menu, in its order (destinations, declared by the server, after the
 * content dashboards); the media library for those who may upload (editors, not translators);
 * the review queue for those who publish (editors); the translations' worklist for both.
 */
const contentMenu = (w: Words, media = false, review = false) => [
  w.today, w.services, w.banners, w.reviews, w.blogs, w.serviceLists, w.generalContent, w.destinations, ...(media ? [w.media] : []), ...(review ? [w.review] : []), w.schedule, w.translations, w.account,
];

async function expectMenu(page: Page, w: Words, entries: string[]): Promise<void> {
  const menu = page.getByRole('complementary', { name: w.menu }).getByRole('navigation');
  await expect(menu.getByRole('link')).toHaveText(entries);
}

async function expectForbidden(page: Page, w: Words, path: string): Promise<void> {
  await page.goto(`/admin${path}`);
  await expect(page.getByRole('heading', { level: 1, name: w.forbidden })).toBeVisible();
}

/** A published blog with every English field filled (what a translator finds). */
async function publishedBlog(api: Api, label: string) {
  return api.create<{ id: number; name: string }>('/blog', {
    name: unique(label),
    display_order: -700,
    image_url: '/media/x.png',
    description: '<p>Calm and quick.</p>',
    meta_title: 'Arrivals',
    meta_description: 'Arrivals without the wait.',
    key_words: 'arrivals, airport',
  });
}

for (const language of ['en', 'ar'] as const) {
  const w = words[language];

  test.describe(`roles (${language})`, () => {
    test('an editor works on content only: Add, Edit and Delete, no team, audit or enquiries', async ({ api, browser, server }) => {
      const blog = await publishedBlog(api, `Editor ${language}`);
      const editor = await addMember(api, 'editor');
      const page = await signInAs(browser, server.baseURL, language, editor);
      await expect(page).toHaveURL(/\/admin\/blogs$/);
      await expectMenu(page, w, contentMenu(w, true, true));
      await expect(page.getByRole('link', { name: w.addBlog })).toBeVisible();

      await page.goto(`/admin/addblog/${blog.id}`);
      await expect(page.getByLabel(w.title, { exact: true })).toBeEditable();
      await expect(page.getByRole('button', { name: w.submit })).toBeVisible();
      await expect(page.getByRole('button', { name: w.saveDraft })).toBeVisible();
      await expect(page.getByRole('button', { name: w.unpublish })).toBeVisible();

      for (const path of ['/team', '/audit', '/contactusdashboard', '/airportrequests', '/subscription']) await expectForbidden(page, w, path);
      await page.context().close();
      await expectNoRefusals(api, editor);
    });

    test('a translator edits the Arabic beside read-only English, and saves it for an editor to publish', async ({ api, browser, server }) => {
      const blog = await publishedBlog(api, `Translator ${language}`);
      const translator = await addMember(api, 'translator');
      const page = await signInAs(browser, server.baseURL, language, translator);
      // Their start page: what needs them today, the Arabic to write first.
      await expect(page).toHaveURL(/\/admin\/today$/);
      await expect(page.getByRole('heading', { level: 1, name: w.today })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: w.toTranslate })).toBeVisible();
      await expectMenu(page, w, contentMenu(w));
      // The blog's list, searched for it (the shared server's blogs fill more than one page).
      await page.goto(`/admin/blogs?q=${encodeURIComponent(blog.name)}`);
      await expect(page.getByRole('heading', { level: 1, name: w.blogs })).toBeVisible();
      await expect(page.getByRole('link', { name: w.addBlog })).toHaveCount(0);

      // The blog's row offers View and Edit, not Delete.
      const row = page.locator('table.table tbody tr').filter({ hasText: blog.name });
      await row.getByRole('button', { name: w.actionsFor(blog.name) }).click();
      await expect(page.getByRole('menuitem', { name: w.view })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: w.delete })).toHaveCount(0);
      await page.getByRole('menuitem', { name: w.edit }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/addblog/${blog.id}$`));
      await expect(page.getByLabel(w.title, { exact: true })).toHaveValue(blog.name);
      await expect(page.getByLabel(w.title, { exact: true })).not.toBeEditable();
      await expect(page.getByText(w.arabicOnly)).toBeVisible();
      await expect(page.getByRole('button', { name: w.publishNow })).toHaveCount(0);
      await expect(page.getByRole('button', { name: w.unpublish })).toHaveCount(0);
      await expect(page.getByRole('button', { name: w.submit })).toHaveCount(0);

      await page.getByRole('tab', { name: w.arabicTab }).click();
      const arabicTitle = page.getByLabel(w.titleAr, { exact: true });
      await expect(arabicTitle).toBeEditable();
      await arabicTitle.fill('وصول بلا انتظار');
      await page.getByRole('button', { name: w.saveDraft }).click();
      await expect(page.locator('[data-sonner-toast] [data-title]').filter({ hasText: w.savedForReview }).first()).toBeVisible();

      // Saved as the blog's pending change: the English is as it was, the site unchanged.
      const { json } = await api.call<{ responseBody: { name: string; name_ar: string | null; hasPendingChanges: boolean }[] }>('GET', `/blog/${blog.id}`);
      expect(json.responseBody[0]).toMatchObject({ name: blog.name, name_ar: 'وصول بلا انتظار', hasPendingChanges: true });

      for (const path of ['/addblog', '/team', '/audit', '/contactusdashboard', '/media']) await expectForbidden(page, w, path);
      await page.context().close();
      await expectNoRefusals(api, translator);
    });

    test('a contributor writes drafts, with the media library and the schedule, and no publishing or translations', async ({ api, browser, server }) => {
      const blog = await publishedBlog(api, `Contributor ${language}`);
      const contributor = await addMember(api, 'contributor');
      const page = await signInAs(browser, server.baseURL, language, contributor);
      await expect(page).toHaveURL(/\/admin\/today$/);
      await expect(page.getByRole('heading', { level: 2, name: w.mine })).toBeVisible();
      await expectMenu(page, w, contentMenu(w, true).filter((entry) => entry !== w.translations));
      await page.goto('/admin/blogs');
      await expect(page.getByRole('link', { name: w.addBlog })).toBeVisible();

      await page.goto(`/admin/addblog/${blog.id}`);
      const title = page.getByLabel(w.title, { exact: true });
      await expect(title).toBeEditable();
      await expect(page.getByRole('button', { name: w.publishNow })).toHaveCount(0);
      await expect(page.getByRole('button', { name: w.unpublish })).toHaveCount(0);
      await title.fill(`${blog.name} revised`);
      await page.getByRole('button', { name: w.saveDraft }).click();
      await expect(page.locator('[data-sonner-toast] [data-title]').filter({ hasText: w.savedForReview }).first()).toBeVisible();
      // The blog's pending change: the site still shows it as it was.
      const { json } = await api.call<{ responseBody: { name: string; hasPendingChanges: boolean }[] }>('GET', `/blog/${blog.id}`);
      expect(json.responseBody[0]).toMatchObject({ name: `${blog.name} revised`, hasPendingChanges: true });
      const live = await api.call<{ responseBody: { name: string }[] }>('GET', `/blog/${blog.id}`, undefined, false);
      expect(live.json.responseBody[0].name).toBe(blog.name);
      // Their start page lists it among their own unfinished work, and opens it again (once
      // the form has gone back to its list, as every save does).
      await expect(page).toHaveURL(/\/admin\/blogs$/);
      await page.getByRole('complementary', { name: w.menu }).getByRole('link', { name: w.today }).click();
      const mine = page.getByRole('region', { name: w.mine });
      const item = mine.getByRole('listitem').filter({ hasText: `${blog.name} revised` });
      await expect(item.getByText(w.pending)).toBeVisible();
      await item.getByRole('link', { name: `${blog.name} revised` }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/addblog/${blog.id}$`));

      // Their own screens open without a refusal; the others say so without asking the API.
      for (const path of ['/media', '/schedule']) {
        await page.goto(`/admin${path}`);
        // The screen's own heading (the live events keep a request open: the network is never idle).
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('heading', { level: 1, name: w.forbidden })).toHaveCount(0);
      }
      for (const path of ['/team', '/audit', '/contactusdashboard', '/translations']) await expectForbidden(page, w, path);
      await page.context().close();
      await expectNoRefusals(api, contributor);
    });

    test('the enquiry desk sees enquiries, airport requests and subscribers only, with no Delete and no trash', async ({ api, browser, server }) => {
      const tag = Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
      const enquiry = await api.create<{ id: number }>('/contact-us', {
        first_name: 'Layla', last_name: `Haddad ${tag}`, email: `layla.${tag}@example.com`, phone: '+971 50 111 2233',
        subject: 'Airport transfer', message: 'Arriving on Friday.', lang: language,
      });
      const email = `desk.${tag}@example.com`;
      expect((await api.call('POST', '/subscription', { email }, false)).status).toBe(201);

      const desk = await addMember(api, 'enquiries');
      const page = await signInAs(browser, server.baseURL, language, desk);
      // Their start page: the new enquiries, and the way to them.
      await expect(page).toHaveURL(/\/admin\/today$/);
      const enquiries = page.getByRole('region', { name: w.enquiries });
      await expect(enquiries).toBeVisible();
      await expectMenu(page, w, [w.today, w.contacts, w.airport, w.subscriptions, w.account]);
      await photograph(page, `admin-today-desk-${language}`);
      await enquiries.getByRole('link', { name: w.contactLink }).click();
      await expect(page).toHaveURL(/\/admin\/contactusdashboard$/);

      // The row's status changes from the list; there is no trash, and the enquiry has no Delete.
      await expect(page.getByRole('combobox', { name: w.statusOf(`Layla Haddad ${tag}`) })).toBeVisible();
      await expect(page.getByRole('button', { name: w.deleted, exact: true })).toHaveCount(0);
      await page.getByRole('link', { name: `Layla Haddad ${tag}` }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/addcontactus/${enquiry.id}$`));
      await expect(page.getByRole('button', { name: w.assignToMe })).toBeVisible();
      await expect(page.getByRole('button', { name: w.delete, exact: true })).toHaveCount(0);

      await page.goto('/admin/subscription');
      const subscriber = page.locator('table.table tbody tr').filter({ hasText: email });
      await expect(subscriber).toBeVisible();
      await expect(subscriber.getByRole('button')).toHaveCount(0);

      for (const path of ['/blogs', '/addblog', '/schedule', '/team', '/audit', '/media']) await expectForbidden(page, w, path);
      await page.context().close();
      await expectNoRefusals(api, desk);
    });
  });
}
