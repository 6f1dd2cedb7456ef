/** The audit log (issue 17): entries in words, filters and the page in the address. */
import { screen, waitFor } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import { list, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import type { AuditEntry } from '../types';

const entries: AuditEntry[] = [
  { id: 12, at: '2026-11-23T09:00:00Z', actor: 'amira', address: '10.0.0.5', action: 'content.updated', resource: 'service', resource_id: '4', name: null, detail: { fields: ['name', 'description'] } },
  { id: 13, at: '2026-11-23T10:00:00Z', actor: 'amira', address: '10.0.0.5', action: 'enquiry.status_changed', resource: 'contact_us', resource_id: '7', name: null, detail: { from: 'new', to: 'replied' } },
  { id: 14, at: '2026-11-23T11:00:00Z', actor: 'amira', address: '10.0.0.5', action: 'totp.reset', resource: 'admin_user', resource_id: '2', name: 'editor1', detail: null },
  { id: 17, at: '2026-11-23T14:00:00Z', actor: 'noor', address: '10.0.0.7', action: 'denied', resource: 'operation', resource_id: 'DELETE /api/v1/blog/{id}', name: 'DELETE /api/v1/blog/{id}', detail: { role: 'translator', permission: 'content.delete' } },
  { id: 11, at: '2026-11-23T08:00:00Z', actor: 'yusuf', address: '203.0.113.9', action: 'sign_in.failure', resource: null, resource_id: null, name: null, detail: { reason: 'code' } },
  {
    id: 15,
    at: '2026-11-23T12:00:00Z',
    actor: 'sara',
    address: '10.0.0.6',
    action: 'content.drafted',
    resource: 'blog',
    resource_id: '7',
    name: 'Planning a London season',
    detail: { fields: ['name', 'meta_description', 'slug'], title: 'Planning a London season' },
  },
  { id: 16, at: '2026-11-23T13:00:00Z', actor: 'sara', address: '10.0.0.6', action: 'content.deleted', resource: 'service_item', resource_id: '8', name: null, detail: { fields: [] } },
];

describe('audit page', () => {
  it('shows who did what, when and from where, and sends the filters and page', async () => {
    const { requests } = mockApi({ 'GET /audit': () => [200, list(entries, 25)] });
    const { user, router } = renderApp(null, { url: '/audit' });
    // Fields by the form's labels; an item by its kind and title, or its number without one.
    expect(await screen.findByText('Fields: Title, Description')).toBeInTheDocument();
    expect(screen.getByText('Fields: Title, Meta description, Web address (from the name)')).toBeInTheDocument();
    expect(screen.getByText('Planning a London season').closest('td')).toHaveTextContent(/^Blog: Planning a London season$/);
    expect(screen.getByText('Service list item', { exact: false, selector: 'td span' })).toHaveTextContent('Service list item #8');
    expect(screen.getByText('Updated content', { selector: 'td' })).toBeInTheDocument();
    expect(screen.getByText('Sign-in failed', { selector: 'td' })).toBeInTheDocument();
    expect(screen.getByText('wrong code')).toBeInTheDocument();
    expect(screen.getByText('#4').closest('td')).toHaveTextContent(/^Service #4$/);
    // Never by a table's name: an administrator by their user name, an enquiry by its number.
    expect(screen.getByText('#7').closest('td')).toHaveTextContent(/^Contact enquiry #7$/);
    expect(screen.getByText('editor1').closest('td')).toHaveTextContent(/^Administrator: editor1$/);
    expect(screen.getByText('DELETE /api/v1/blog/{id}').closest('td')).toHaveTextContent(/^Operation: DELETE \/api\/v1\/blog\/\{id\}$/);
    expect(screen.getByText('Changed an enquiry’s status', { selector: 'td' })).toBeInTheDocument();
    expect(screen.getByText('new → replied')).toBeInTheDocument();
    expect(screen.getByText('Turned off an administrator’s two-factor', { selector: 'td' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Turned off an administrator’s two-factor' })).toHaveValue('totp.reset');

    await user.type(screen.getByLabelText('Who'), 'yusuf');
    await user.selectOptions(screen.getByLabelText('What'), 'Sign-ins (all)');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(router.state.location.search).toBe('?actor=yusuf&action=sign_in'));
    await waitFor(() => expect(requests.at(-1)?.search).toContain('actor=yusuf'));
    expect(requests.at(-1)?.search).toContain('action=sign_in');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(requests.at(-1)?.search).toContain('page=2'));
  });

  it('reads in Arabic', async () => {
    await i18n.changeLanguage('ar');
    mockApi({ 'GET /audit': () => [200, list(entries)] });
    renderApp(null, { url: '/audit' });
    expect(await screen.findByText('حدّث محتوى', { selector: 'td' })).toBeInTheDocument();
    expect(screen.getByText('Planning a London season').closest('td')).toHaveTextContent(/^مدونة: Planning a London season$/);
    expect(screen.getByText('الحقول: العنوان، الوصف')).toBeInTheDocument();
    expect(screen.getByText('أوقف التحقق بخطوتين لمسؤول', { selector: 'td' })).toBeInTheDocument();
    expect(screen.getByText('editor1').closest('td')).toHaveTextContent(/^المسؤول: editor1$/);
    expect(screen.getByText('#7').closest('td')).toHaveTextContent(/^رسالة تواصل #7$/);
    expect(screen.getByRole('heading', { level: 1, name: 'سجل التدقيق' })).toBeInTheDocument();
  });
});
