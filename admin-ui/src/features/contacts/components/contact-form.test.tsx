/** An enquiry the desk takes by phone: the six fields, checked by the contact form's rules, then POST. */
import { screen, waitFor } from '@testing-library/react';
import { list, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

describe('contact form', () => {
  it('files an enquiry with the six fields only (the server starts it New) and returns to the filtered inbox', async () => {
    const { requests } = mockApi({
      'POST /contact-us': (request) => [201, { responseBody: [{ id: 8, ...(request.body as object) }], message: 'contact added successfully' }],
      'GET /contact-us': () => [200, list([])],
    });
    const { user, router } = renderApp(null, { url: '/addcontactus?status=new' });
    expect(await screen.findByRole('heading', { name: 'Add contact' })).toBeInTheDocument();
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
    await waitFor(() => expect(router.state.location.pathname).toBe('/contactusdashboard'));
    expect(router.state.location.search).toBe('?status=new');
  });

  it('runs the server’s rules before sending: a short phone number gets the table’s message', async () => {
    const { requests } = mockApi({});
    const { user } = renderApp(null, { url: '/addcontactus' });
    for (const [label, value] of [
      ['First Name', 'Omar'],
      ['Last Name', 'Saleh'],
      ['Mobile number', '12345'],
      ['Email', 'omar@example.com'],
      ['Subject', 'Gifts'],
      ['Message', 'Hampers'],
    ]) {
      await user.type(await screen.findByRole('textbox', { name: label }), value);
    }
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Phone number should be 10 to 15 digits only.')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });
});
