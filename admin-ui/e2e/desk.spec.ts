/**
 * The enquiry desk (issue 44), in English and in Arabic, against the real server: a member of the
 * desk (role `enquiries`) takes a new airport request sent through the public API, assigns it to
 * themself, adds two notes, changes its status from the list and exports the list; a change made
 * on a stale row is refused and told; an owner deletes a request and brings it back.
 */
import JSZip from 'jszip';
import { readFile } from 'node:fs/promises';
import { expect, test, type Api } from './support/fixtures';
import { addMember, signInAs } from './support/members';
import { expectAccessible, expectToast } from './support/ui';

const texts = {
  en: {
    airport: 'Airport requests',
    search: 'Search',
    assignee: 'Assigned to',
    assignToMe: 'Assign to me',
    me: (name: string) => `${name} (me)`,
    newNote: 'New note',
    addNote: 'Add note',
    noteAdded: 'Note added',
    notes: 'Notes, newest first',
    statusOf: (name: string) => `Status of ${name}`,
    inProgress: 'In progress',
    replied: 'Replied',
    updated: 'Airport request updated successfully',
    stale: 'Someone else changed this since you opened it.',
    download: 'Download Excel',
    downloaded: 'Excel downloaded successfully!',
    newCount: /^\d+ new/,
    back: 'Back to the airport requests',
    delete: 'Delete',
    confirmTitle: 'Are You Sure to Delete?',
    confirm: 'Confirm',
    deletedToast: 'Airport request deleted successfully',
    inbox: 'Inbox',
    deleted: 'Deleted',
    bringBack: (name: string) => `Bring back ${name}`,
    broughtBack: 'Brought back from the deleted items',
    words: 'The request, as sent',
    arrival: 'Arrival',
    ruh: 'King Khalid International Airport (RUH)',
    places: ['Riyadh', 'Saudi Arabia'],
  },
  ar: {
    airport: 'طلبات خدمات المطار',
    search: 'بحث',
    assignee: 'المسؤول',
    assignToMe: 'أسنده إليّ',
    me: (name: string) => `${name} (أنا)`,
    newNote: 'ملاحظة جديدة',
    addNote: 'إضافة ملاحظة',
    noteAdded: 'أُضيفت الملاحظة',
    notes: 'الملاحظات، الأحدث أولًا',
    statusOf: (name: string) => `حالة ${name}`,
    inProgress: 'قيد المعالجة',
    replied: 'تم الرد',
    updated: 'تم تحديث طلب خدمات المطار بنجاح',
    stale: 'غيّر شخص آخر هذا منذ أن فتحته.',
    download: 'تنزيل ملف Excel',
    downloaded: 'تم تنزيل ملف Excel بنجاح!',
    newCount: /^\d+ جديدة/,
    back: 'العودة إلى طلبات خدمات المطار',
    delete: 'حذف',
    confirmTitle: 'هل أنت متأكد من الحذف؟',
    confirm: 'تأكيد',
    deletedToast: 'تم حذف طلب خدمات المطار بنجاح',
    inbox: 'الوارد',
    deleted: 'المحذوفات',
    bringBack: (name: string) => `استعادة ${name}`,
    broughtBack: 'أُعيد من العناصر المحذوفة',
    words: 'الطلب كما وصل',
    arrival: 'وصول',
    ruh: 'مطار الملك خالد الدولي (RUH)',
    places: ['الرياض', 'المملكة العربية السعودية'],
  },
} as const;

/** Names take letters only: a tag of random letters tells this test's requests apart. */
const letters = (length = 8) => Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

type Created = { id: number; reference: string };
type DeskItem = { id: number; status: string; assignee: string | null; version: number; notes: { author: string | null; text: string }[] };

/** A request as the airport page sends it (the public, anonymous POST). */
async function sendAirportRequest(api: Api, fullName: string, lang: 'en' | 'ar'): Promise<Created> {
  const body = {
    country: 'SA', city: 'Riyadh', airport: 'RUH', terminal: 'Terminal 1', flightNumber: 'SV 123', departureArrival: 'arrival',
    date: '2099-12-01', time: '14:30', services: ['meetGreet'],
    passengerDetails: { title: 'mrs', fullName, mobile: '+966 50 123 4567', email: 'noura@example.sa' },
    meetGreet: { meetingPoint: 'Arrivals hall', signageName: 'Mrs Al-Qahtani', numPassengers: '2', language: 'arabic', assistence: '' },
    lang,
  };
  const { status, json } = await api.call<{ responseBody: Created[] }>('POST', '/airport-requests', body, false);
  if (status !== 201) throw new Error(`POST /airport-requests: ${status} ${JSON.stringify(json)}`);
  return json.responseBody[0];
}

const getItem = async (api: Api, id: number) => (await api.call<{ responseBody: DeskItem[] }>('GET', `/airport-requests/${id}`)).json.responseBody[0];


for (const language of ['en', 'ar'] as const) {
  const say = texts[language];

  test.describe(`the enquiry desk (${language})`, () => {
    test('a desk member takes a new airport request: assigns it, adds two notes, changes its status from the list, exports', async ({ api, browser, server }) => {
      const tag = letters();
      const fullName = `Noura Al-Qahtani ${tag}`;
      const request = await sendAirportRequest(api, fullName, 'ar');
      expect(request.reference).toMatch(/^AR-/);
      const member = await addMember(api, 'enquiries');
      const page = await signInAs(browser, server.baseURL, language, member);
      // The desk starts on Today.
      await expect(page).toHaveURL(/\/admin\/today$/);

      // The menu counts what is new, in words.
      await expect(page.getByTestId('inbox-count').locator('.visually-hidden')).toHaveText(say.newCount);
      // The menu's entry (Today links to the desk's lists too).
      await page.getByRole('complementary').getByRole('link', { name: say.airport, exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/airportrequests$/);
      await page.getByRole('searchbox', { name: say.search }).fill(request.reference);
      await expect(page).toHaveURL(new RegExp(`[?&]q=${request.reference}`));
      const row = page.locator('table.table tbody tr').filter({ hasText: request.reference });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(/\d{2}-\d{2}-\d{4}/);
      await expect(row).toContainText(/\d{2}:\d{2}/);
      await expect(row.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', 'https://wa.me/966501234567');
      // The airport by name, in the admin's language, with its code (content/airports.toml).
      await expect(row).toContainText(say.ruh);
      await expectAccessible(page, 'airport requests');

      // Take it: assign it to me, two notes.
      await row.getByRole('link', { name: fullName }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/airportrequests/${request.id}\\?q=`));
      await expect(page.getByRole('heading', { level: 1, name: request.reference })).toBeVisible();
      await expect(page.getByRole('region', { name: say.words })).toContainText(say.arrival);
      for (const place of [say.ruh, ...say.places]) await expect(page.getByRole('region', { name: say.words })).toContainText(place);
      await page.getByRole('button', { name: say.assignToMe }).click();
      await expectToast(page, say.updated);
      await expect(page.getByRole('combobox', { name: say.assignee })).toHaveValue(member.username);
      await expect(page.getByRole('combobox', { name: say.assignee }).locator('option:checked')).toHaveText(say.me(member.username));
      for (const text of [`Called Mrs Al-Qahtani (${tag}).`, `تم تأكيد الاستقبال عند البوابة ${tag}`]) {
        await page.getByRole('textbox', { name: say.newNote }).fill(text);
        await page.getByRole('button', { name: say.addNote }).click();
        await expectToast(page, say.noteAdded);
        await expect(page.getByRole('list', { name: say.notes }).getByRole('listitem').first()).toContainText(text);
      }
      const timeline = page.getByRole('list', { name: say.notes }).getByRole('listitem');
      await expect(timeline).toHaveCount(2);
      await expect(timeline.first()).toContainText(member.username);
      await expect(timeline.first().locator('.note__text')).toHaveAttribute('dir', 'auto');
      await expectAccessible(page, 'an airport request');

      // Back to the list as it was filtered; the status changes from the row.
      await page.getByRole('link', { name: say.back }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/airportrequests\\?q=${request.reference}$`));
      await page.getByRole('combobox', { name: say.statusOf(request.reference) }).selectOption({ label: say.inProgress });
      await expectToast(page, say.updated);
      await page.reload();
      await expect(page.getByRole('combobox', { name: say.statusOf(request.reference) })).toHaveValue('in_progress');
      await expect(page.locator('table.table tbody tr').filter({ hasText: request.reference })).toContainText(member.username);
      const saved = await getItem(api, request.id);
      expect(saved).toMatchObject({ status: 'in_progress', assignee: member.username });
      expect(saved.notes.map((note) => [note.author, note.text])).toEqual([
        [member.username, `تم تأكيد الاستقبال عند البوابة ${tag}`],
        [member.username, `Called Mrs Al-Qahtani (${tag}).`],
      ]);

      // The export follows the search and holds the desk's columns.
      const download = page.waitForEvent('download');
      const asked = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/v1/airport-requests/export');
      await page.getByRole('button', { name: say.download }).click();
      const file = await download;
      // In the admin's language, dates in the zone it shows them in (the browser's: Asia/Dubai, UTC+4).
      const exportRequest = await asked;
      expect(await exportRequest.headerValue('accept-language')).toBe(language);
      expect(new URL(exportRequest.url()).searchParams.get('tz_offset')).toBe('240');
      expect(file.suggestedFilename()).toBe('Airport_Requests_List.xlsx');
      await expectToast(page, say.downloaded);
      const zip = await JSZip.loadAsync(await readFile((await file.path())!));
      const cells = ((await zip.file('xl/sharedStrings.xml')?.async('string')) ?? '') + (await zip.file('xl/worksheets/sheet1.xml')!.async('string'));
      expect(cells).toContain(request.reference);
      expect(cells).toContain(member.username);
      expect(cells).toContain(`تم تأكيد الاستقبال عند البوابة ${tag}`);

      // The desk has no trash and no Delete.
      await expect(page.getByRole('button', { name: say.deleted, exact: true })).toHaveCount(0);
      await page.context().close();
    });

    test('a status changed on a row someone else changed since is refused and told, and the row shows it as it is now', async ({ adminPage: page, api }) => {
      await page.addInitScript((lang) => localStorage.setItem('concierge.admin.lang', lang), language);
      const request = await sendAirportRequest(api, `Huda Saleh ${letters()}`, 'en');
      // This page hears no live events: with them, a count that moves reads the list again, and
      // the row would be current before the change below is sent (no conflict to tell).
      await page.route('**/api/v1/events**', (route) => route.abort());
      await page.goto(`/admin/airportrequests?q=${request.reference}`);
      const status = page.getByRole('combobox', { name: say.statusOf(request.reference) });
      await expect(status).toHaveValue('new');
      // Someone else replies in the meantime.
      const changed = await api.call('PUT', `/airport-requests/${request.id}`, { status: 'replied', version: 1 });
      expect(changed.status).toBe(200);

      await status.selectOption({ label: say.inProgress });
      await expectToast(page, say.stale);
      await expect(status).toHaveValue('replied');
      expect((await getItem(api, request.id)).status).toBe('replied');
    });

    test('an owner deletes a request and brings it back', async ({ adminPage: page, api }) => {
      await page.addInitScript((lang) => localStorage.setItem('concierge.admin.lang', lang), language);
      const request = await sendAirportRequest(api, `Omar Haddad ${letters()}`, language);
      await page.goto(`/admin/airportrequests/${request.id}?q=${request.reference}`);
      await page.getByRole('button', { name: say.delete, exact: true }).click();
      const dialog = page.getByRole('alertdialog', { name: say.confirmTitle });
      await expect(dialog).toContainText(request.reference);
      await dialog.getByRole('button', { name: say.confirm }).click();
      await expectToast(page, say.deletedToast);
      await expect(page).toHaveURL(new RegExp(`/admin/airportrequests\\?q=${request.reference}$`));
      await expect(page.locator('table.table tbody tr').filter({ hasText: request.reference })).toHaveCount(0);
      expect((await api.call('GET', `/airport-requests/${request.id}`)).status).toBe(404);

      await page.getByRole('button', { name: say.deleted, exact: true }).click();
      await expect(page).toHaveURL(/[?&]deleted=true/);
      await page.getByRole('button', { name: say.bringBack(request.reference) }).click();
      await expectToast(page, say.broughtBack);
      await expect(page.locator('table.table tbody tr').filter({ hasText: request.reference })).toHaveCount(0);
      await page.getByRole('button', { name: say.inbox, exact: true }).click();
      await expect(page.locator('table.table tbody tr').filter({ hasText: request.reference })).toHaveCount(1);
      expect((await getItem(api, request.id)).status).toBe('new');
    });
  });
}
