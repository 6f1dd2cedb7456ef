/**
 * One enquiry at the desk (`/addcontactus/{id}`): the client's words read-only and right to left
 * when Arabic, the status and the assignee changed at once against the version read, the notes
 * timeline with Add note (the desk's rules first), Delete for owners with its confirmation, and
 * a change refused because someone else changed the enquiry first.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import { accountAnswer, list, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { enquiryRecord } from '@/testing/records';

const notes = [
  { at: '2026-11-21T10:30:00Z', author: 'sara', text: 'Called back; she will confirm on Thursday.' },
  { at: '2026-11-20T09:00:00Z', author: null, text: 'اتصلت العميلة مرة أخرى' },
];
const stored = enquiryRecord({
  lang: 'ar',
  first_name: 'ليلى',
  last_name: 'حداد',
  subject: 'استقبال في المطار',
  message: 'أصل يوم الجمعة\nمع عائلتي',
  notes,
  assignee: null,
});
const assignees = list([
  { username: 'amira', role: 'owner' },
  { username: 'sara', role: 'enquiries' },
]);
const toastTitle = (text: string) => screen.findByText(text, { selector: '[data-title]' });

function api(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /contact-us/4': () => [200, { responseBody: [stored] }],
    'GET /inbox/assignees': () => [200, assignees],
    'GET /contact-us': () => [200, list([stored])],
    ...extra,
  });
}

describe('an enquiry at the desk', () => {
  it('shows the client’s words read-only, right to left where they are Arabic, and the notes newest first', async () => {
    api();
    renderApp(null, { url: '/addcontactus/4' });
    expect(await screen.findByRole('heading', { level: 1, name: 'ليلى حداد' })).toHaveAttribute('dir', 'auto');
    const words = screen.getByRole('region', { name: 'The enquiry, as sent' });
    expect(within(words).getByText(/أصل يوم الجمعة/)).toHaveAttribute('dir', 'auto');
    expect(within(words).queryByRole('textbox')).toBeNull();
    expect(within(words).getByRole('link', { name: 'Call +971501234567' })).toHaveAttribute('href', 'tel:+971501234567');
    expect(within(words).getByRole('link', { name: 'WhatsApp +971501234567' })).toHaveAttribute('href', 'https://wa.me/971501234567');
    expect(within(words).getByText('The Arabic page')).toBeInTheDocument();

    const timeline = screen.getByRole('list', { name: 'Notes, newest first' });
    const entries = within(timeline).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'sara21-11-2026 14:30Called back; she will confirm on Thursday.',
      'Author not recorded20-11-2026 13:00اتصلت العميلة مرة أخرى',
    ]);
    expect(within(entries[1]).getByText('اتصلت العميلة مرة أخرى')).toHaveAttribute('dir', 'auto');
  });

  it('changes the status at once, with the desk’s fields only and the version it read', async () => {
    const { requests } = api({
      'PUT /contact-us/4': (r) => [200, { responseBody: [{ ...stored, ...(r.body as object), version: 4 }], message: 'contact updated successfully' }],
    });
    const { user } = renderApp(null, { url: '/addcontactus/4' });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Status' }), 'In progress');
    expect(await toastTitle('contact updated successfully')).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.body).toEqual({ status: 'in_progress' });
    expect(put.headers.get('if-match')).toBe('"3"');
  });

  it('assigns from the team the server lists, to me with one button, or to nobody', async () => {
    let current = stored;
    const { requests } = api({
      'GET /contact-us/4': () => [200, { responseBody: [current] }],
      'PUT /contact-us/4': (r) => {
        current = { ...current, ...(r.body as object), version: current.version + 1 };
        return [200, { responseBody: [current], message: 'contact updated successfully' }];
      },
    });
    const { user } = renderApp(null, { url: '/addcontactus/4' });
    const picker = await screen.findByRole('combobox', { name: 'Assigned to' });
    await waitFor(() => expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual(['Unassigned', 'amira (me)', 'sara']));

    await user.click(screen.getByRole('button', { name: 'Assign to me' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Assigned to' })).toHaveDisplayValue('amira (me)'));
    expect(screen.queryByRole('button', { name: 'Assign to me' }), 'already mine').toBeNull();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Assigned to' }), 'Unassigned');
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(2));
    const [mine, nobody] = requests.filter((r) => r.method === 'PUT');
    expect([mine.body, mine.headers.get('if-match')]).toEqual([{ assignee: 'amira' }, '"3"']);
    expect([nobody.body, nobody.headers.get('if-match')]).toEqual([{ assignee: null }, '"4"']);
  });

  it('adds a note: the desk’s rule first, then POST {text}; the timeline shows it on top', async () => {
    const added = { at: '2026-11-21T11:00:00Z', author: 'amira', text: 'Booked the meet and greet.' };
    let current = stored;
    const { requests } = api({
      'GET /contact-us/4': () => [200, { responseBody: [current] }],
      'POST /contact-us/4/notes': () => {
        current = { ...stored, notes: [added, ...notes], version: 4 };
        return [201, { responseBody: [current], message: 'Note added' }];
      },
    });
    const { user } = renderApp(null, { url: '/addcontactus/4' });
    await user.click(await screen.findByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Please write the note.')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.type(screen.getByRole('textbox', { name: 'New note' }), '  Booked the meet and greet.  ');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await toastTitle('Note added')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({ text: 'Booked the meet and greet.' });
    const entries = () => within(screen.getByRole('list', { name: 'Notes, newest first' })).getAllByRole('listitem');
    await waitFor(() => expect(entries()).toHaveLength(3));
    expect(entries()[0]).toHaveTextContent('amira21-11-2026 15:00Booked the meet and greet.');
    expect(screen.getByRole('textbox', { name: 'New note' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'New note' })).toHaveAttribute('maxlength', '5000');
  });

  it('puts the server’s message on the note when it refuses it', async () => {
    api({ 'POST /contact-us/4/notes': () => [400, { message: 'Note must be at most 5000 characters.', errors: { text: 'Note must be at most 5000 characters.' } }] });
    const { user } = renderApp(null, { url: '/addcontactus/4' });
    await user.type(await screen.findByRole('textbox', { name: 'New note' }), 'x');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'New note' })).toHaveAccessibleDescription('Note must be at most 5000 characters.'));
  });

  it('says who changed the enquiry first, what it says now, and reloads', async () => {
    const { requests } = api({
      'PUT /contact-us/4': () => [
        409,
        {
          message: 'Someone else changed this since you opened it.',
          errors: {},
          conflict: { version: 6, by: 'sara', at: '2026-11-21T10:02:00Z', fields: ['assignee'], current: { ...stored, assignee: 'sara', version: 6 } },
        },
      ],
    });
    const { user } = renderApp(null, { url: '/addcontactus/4' });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Status' }), 'Closed');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('sara changed it at 21-11-2026 14:02. It is now New, assigned to sara.');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('New');
    const reads = requests.filter((r) => r.method === 'GET' && r.path === '/contact-us/4').length;
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'GET' && r.path === '/contact-us/4').length).toBeGreaterThan(reads));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lets an owner delete it after a confirmation that says it can be brought back, then returns to the inbox', async () => {
    const { requests } = api({ 'DELETE /contact-us/4': () => [200, { responseBody: { id: 4 }, message: 'Contact deleted successfully' }] });
    const { user, router } = renderApp(null, { url: '/addcontactus/4?status=new' });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Are You Sure to Delete?' });
    expect(dialog).toHaveTextContent('“ليلى حداد” goes to Deleted, where an owner can bring it back for 30 days.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await toastTitle('Contact deleted successfully')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'DELETE')!.headers.get('if-match')).toBe('"3"');
    await waitFor(() => expect(router.state.location.pathname).toBe('/contactusdashboard'));
    expect(router.state.location.search).toBe('?status=new');
  });

  it('gives the desk no Delete', async () => {
    api({ 'GET /account': () => accountAnswer('enquiries', 'sara') });
    renderApp(null, { url: '/addcontactus/4' });
    expect(await screen.findByRole('combobox', { name: 'Status' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('speaks Arabic', async () => {
    await i18n.changeLanguage('ar');
    api();
    renderApp(null, { url: '/addcontactus/4' });
    expect(await screen.findByRole('combobox', { name: 'الحالة' })).toHaveDisplayValue('جديدة');
    expect(screen.getByRole('combobox', { name: 'المسؤول' })).toHaveDisplayValue('غير مُسنَد');
    expect(await screen.findByRole('button', { name: 'أسنده إليّ' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إضافة ملاحظة' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'الاستفسار كما وصل' })).toBeInTheDocument();
  });
});
