/** An enquiry's follow-up (issue 15): its status and internal notes, saved with PUT. */
import { screen, waitFor } from '@testing-library/react';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import type { Contact } from '../types';

const stored: Contact = {
  id: 4,
  first_name: 'Amira',
  last_name: 'Haddad',
  email: 'amira@example.com',
  phone: '971501234567',
  subject: 'Airport transfer',
  message: 'Arriving Friday.',
  status: 'new',
  lang: 'ar',
  notes: '',
  created_date: '2026-11-20T08:00:00Z',
};

describe('contact form', () => {
  it('sends the new status and notes with the six fields when an enquiry is edited', async () => {
    const { requests } = mockApi({
      'GET /contact-us/4': () => [200, { responseBody: [stored] }],
      'PUT /contact-us/4': (request) => [200, { responseBody: [{ ...stored, ...(request.body as object) }], message: 'contact updated successfully' }],
    });
    const { user, router } = renderApp(null, { url: '/addcontactus/4?status=new&q=amira' });
    const status = await screen.findByRole('combobox', { name: 'Status' });
    expect(status).toHaveDisplayValue('New');

    await user.selectOptions(status, 'Replied');
    await user.type(screen.getByRole('textbox', { name: 'Internal notes' }), '  Called back on Friday.  ');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('contact updated successfully', { selector: '[data-title]' })).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.body).toEqual({
      first_name: 'Amira',
      last_name: 'Haddad',
      phone: '971501234567',
      email: 'amira@example.com',
      subject: 'Airport transfer',
      message: 'Arriving Friday.',
      status: 'replied',
      notes: 'Called back on Friday.',
    });
    // Back to the dashboard as it was filtered.
    await waitFor(() => expect(router.state.location.pathname).toBe('/contactusdashboard'));
    expect(router.state.location.search).toBe('?status=new&q=amira');
  });

  it('shows the server\'s status error on the status field', async () => {
    mockApi({
      'GET /contact-us/4': () => [200, { responseBody: [stored] }],
      'PUT /contact-us/4': () => [400, { message: 'Error updating contact', errors: { status: 'Status must be one of new, in_progress, replied, closed or spam.' } }],
    });
    const { user } = renderApp(null, { url: '/addcontactus/4' });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Status' }), 'Closed');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Status' })).toHaveAccessibleDescription(
        'Status must be one of new, in_progress, replied, closed or spam.',
      ),
    );
  });

  it('adds an enquiry without a status or notes (the server starts it as New)', async () => {
    const { requests } = mockApi({
      'POST /contact-us': (request) => [201, { responseBody: [{ ...stored, ...(request.body as object) }], message: 'contact added successfully' }],
    });
    const { user } = renderApp(null, { url: '/addcontactus' });
    expect(await screen.findByRole('textbox', { name: 'First Name' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    for (const [label, value] of [
      ['First Name', 'Omar'],
      ['Last Name', 'Saleh'],
      ['Mobile number', '+971 50 765 4321'],
      ['Email', 'omar@example.com'],
      ['Subject', 'Gifts'],
      ['Message', 'Hampers'],
    ]) {
      await user.type(screen.getByRole('textbox', { name: label }), value);
    }
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('contact added successfully', { selector: '[data-title]' });
    const body = requests.find((r) => r.method === 'POST')!.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['email', 'first_name', 'last_name', 'message', 'phone', 'subject']);
  });
});
