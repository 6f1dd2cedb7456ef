/**
 * The team (issue 17): add with a role and a one-time password, change a role, disable, reset,
 * turn two-factor off, delete; never your own row.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import { accountAnswer, list, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import type { AdminUser } from '../types';

const users: AdminUser[] = [
  { id: 1, username: 'amira', role: 'owner', disabled: false, totpEnabled: true, mustChangePassword: false, created_at: '2026-11-01T08:00:00Z', last_sign_in_at: '2026-11-23T08:00:00Z' },
  { id: 2, username: 'yusuf', role: 'editor', disabled: false, totpEnabled: false, mustChangePassword: true, created_at: '2026-11-20T08:00:00Z', last_sign_in_at: null },
  { id: 4, username: 'layla', role: 'translator', disabled: false, totpEnabled: true, mustChangePassword: false, created_at: '2026-11-21T08:00:00Z', last_sign_in_at: '2026-11-22T08:00:00Z' },
];

/** `refusal`: how the server answers a change to layla (an accepted one by default). */
function api(refusal?: [number, unknown]) {
  return mockApi({
    'GET /account': () => accountAnswer('owner', 'amira'),
    'GET /admin-users': () => [200, list(users)],
    'POST /admin-users': (r) => [201, { responseBody: [{ ...users[1], id: 3, ...(r.body as object) }], message: 'Administrator added.' }],
    'PUT /admin-users/2': (r) => [200, { responseBody: [{ ...users[1], ...(r.body as object) }], message: 'Administrator updated.' }],
    'PUT /admin-users/4': () => refusal ?? [200, { responseBody: [{ ...users[2], totpEnabled: false }], message: 'Two-factor sign-in of layla is off.' }],
  });
}

describe('team page', () => {
  it('lists administrators with status and two-factor, and offers no actions on your own row', async () => {
    api();
    renderApp(null, { url: '/team' });
    const rows = await screen.findAllByRole('row');
    const amira = rows.find((r) => r.textContent?.includes('amira'))!;
    const yusuf = rows.find((r) => r.textContent?.includes('yusuf'))!;
    expect(amira).toHaveTextContent('(you)');
    await waitFor(() => expect(within(amira).queryByRole('button')).toBeNull());
    expect(yusuf).toHaveTextContent('Awaiting first sign-in');
    expect(yusuf).toHaveTextContent('Never');
    expect(within(yusuf).getByRole('button', { name: 'Actions for yusuf' })).toBeInTheDocument();
  });

  it('adds an administrator with a one-time password and disables another', async () => {
    const { requests } = api();
    const { user } = renderApp(null, { url: '/team' });
    await user.click(await screen.findByRole('button', { name: 'Add administrator' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('User name'), ' noor ');
    await user.type(within(dialog).getByLabelText('One-time password'), 'one-time pass for now');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ username: 'noor', password: 'one-time pass for now', role: 'editor' }));

    await user.click(await screen.findByRole('button', { name: 'Actions for yusuf' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Disable' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ disabled: true }));
  });

  it('turns off the two-factor of another administrator who has it on, after a confirmation, and refreshes the list', async () => {
    const { requests } = api();
    const { user } = renderApp(null, { url: '/team' });
    await user.click(await screen.findByRole('button', { name: 'Actions for yusuf' }));
    expect(screen.queryByRole('menuitem', { name: 'Turn off two-factor' })).toBeNull();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Actions for layla' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Turn off two-factor' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Turn off two-factor sign-in?' });
    expect(dialog).toHaveTextContent('\u2068layla\u2069 will sign in with their password alone until they set up two-factor again.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    const listed = requests.filter((r) => r.method === 'GET' && r.path === '/admin-users').length;
    await user.click(within(dialog).getByRole('button', { name: 'Turn off two-factor' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requests.filter((r) => r.method === 'PUT').map((r) => [r.path, r.body])).toEqual([['/admin-users/4', { totp: false }]]);
    expect(await screen.findByText('Two-factor sign-in of layla is off.')).toBeInTheDocument();
    await waitFor(() => expect(requests.filter((r) => r.method === 'GET' && r.path === '/admin-users').length).toBeGreaterThan(listed));
  });

  it('explains a refusal in the server’s words', async () => {
    api([409, { message: 'Turn your own two-factor sign-in off from your account page.', errors: {} }]);
    const { user } = renderApp(null, { url: '/team' });
    await user.click(await screen.findByRole('button', { name: 'Actions for layla' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Turn off two-factor' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off two-factor' }));
    expect(await screen.findByText('Turn your own two-factor sign-in off from your account page.')).toBeInTheDocument();
  });

  it('asks in Arabic', async () => {
    await i18n.changeLanguage('ar');
    api();
    const { user } = renderApp(null, { url: '/team' });
    await user.click(await screen.findByRole('button', { name: 'إجراءات layla' }));
    await user.click(await screen.findByRole('menuitem', { name: 'إيقاف التحقق بخطوتين' }));
    expect(await screen.findByRole('alertdialog', { name: 'إيقاف التحقق بخطوتين؟' })).toHaveTextContent('سيسجّل \u2068layla\u2069 الدخول بكلمة المرور وحدها');
  });

  it('shows each administrator’s role and explains every role', async () => {
    api();
    const { user } = renderApp(null, { url: '/team' });
    const rows = await screen.findAllByRole('row');
    expect(rows.find((r) => r.textContent?.includes('yusuf'))).toHaveTextContent('Editor');
    expect(rows.find((r) => r.textContent?.includes('layla'))).toHaveTextContent('Translator');
    await user.click(screen.getByText('What each role may do'));
    expect(screen.getByText('Edits the Arabic text of existing content; the changes wait for an editor to publish them.')).toBeVisible();
  });

  it.each([
    ['en', 'What each role may do', 'Enquiry desk', 'Contact enquiries and airport requests (status, notes, assignee, export) and the subscriber list; no website content.', 'Owner', 'deleting contact enquiries, airport requests and subscribers'],
    ['ar', 'ما يمكن لكل دور فعله', 'مكتب الاستفسارات', 'رسائل التواصل وطلبات خدمات المطار (الحالة والملاحظات والإسناد والتصدير) وقائمة المشتركين؛ دون محتوى الموقع.', 'مالك', 'وحذف رسائل التواصل وطلبات خدمات المطار والمشتركين'],
  ])('in %s, says the enquiry desk covers contact enquiries, airport requests and subscribers (and the owner deletes all three)', async (lang, help, name, description, owner, deletes) => {
    await i18n.changeLanguage(lang);
    api();
    const { user } = renderApp(null, { url: '/team' });
    await user.click(await screen.findByText(help));
    const term = screen.getByText(name, { selector: 'dt' });
    expect(term.nextElementSibling).toHaveTextContent(description);
    expect(screen.getByText(owner, { selector: 'dt' }).nextElementSibling).toHaveTextContent(deletes);
  });

  it('adds an administrator as an editor by default, or with the role chosen, saying what it may do', async () => {
    const { requests } = api();
    const { user } = renderApp(null, { url: '/team' });
    await user.click(await screen.findByRole('button', { name: 'Add administrator' }));
    const dialog = await screen.findByRole('dialog');
    const role = within(dialog).getByLabelText('Role');
    expect(role).toHaveValue('editor');
    expect(within(role).getAllByRole('option').map((o) => o.textContent)).toEqual(['Owner', 'Editor', 'Contributor', 'Translator', 'Enquiry desk']);
    expect(role).toHaveAccessibleDescription(/^All website content/);
    await user.selectOptions(role, 'enquiries');
    expect(role).toHaveAccessibleDescription('Contact enquiries and airport requests (status, notes, assignee, export) and the subscriber list; no website content.');
    await user.type(within(dialog).getByLabelText('User name'), 'desk');
    await user.type(within(dialog).getByLabelText('One-time password'), 'one-time pass for now');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ username: 'desk', password: 'one-time pass for now', role: 'enquiries' }));
  });

  it('changes the role of another administrator', async () => {
    const { requests } = api();
    const { user } = renderApp(null, { url: '/team' });
    await user.click(await screen.findByRole('button', { name: 'Actions for yusuf' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Change role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the role of \u2068yusuf\u2069' });
    expect(within(dialog).getByLabelText('Role')).toHaveValue('editor');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'owner');
    await user.click(within(dialog).getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((r) => r.method === 'PUT').map((r) => [r.path, r.body])).toEqual([['/admin-users/2', { role: 'owner' }]]);
  });

  it('says in words that no active owner would be left, in the server’s words', async () => {
    api([409, { message: 'An owner must remain (as the server says it).', errors: {} }]);
    const { user } = renderApp(null, { url: '/team' });
    await user.click(await screen.findByRole('button', { name: 'Actions for layla' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Change role' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save role' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('An owner must remain (as the server says it).');
  });

  it('in Arabic: role names, explanations, and the refusal (the table’s words when the 409 has no body)', async () => {
    await i18n.changeLanguage('ar');
    api([409, undefined]);
    const { user } = renderApp(null, { url: '/team' });
    const rows = await screen.findAllByRole('row');
    expect(rows.find((r) => r.textContent?.includes('layla'))).toHaveTextContent('مترجم');
    await user.click(screen.getByRole('button', { name: 'إجراءات layla' }));
    await user.click(await screen.findByRole('menuitem', { name: 'تغيير الدور' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('الدور')).toHaveAccessibleDescription(/^يعدّل النص العربي/);
    await user.click(within(dialog).getByRole('button', { name: 'حفظ الدور' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('يجب أن يبقى مالك نشط واحد على الأقل.');
  });
});
