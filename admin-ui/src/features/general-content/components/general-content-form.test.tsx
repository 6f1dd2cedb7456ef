/** The general-content form's layout (specification section 2: Name, Value, Display order, Submit). */
import { screen, within } from '@testing-library/react';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

describe('general content form', () => {
  it('lays out Name, Value, Display order, then Submit, in the order its rules run', async () => {
    mockApi({});
    renderApp(null, { url: '/addgeneralContentDashboard' });
    const form = (await screen.findByLabelText('Name')).closest('form')!;
    const englishPanel = within(form).getByRole('tabpanel');
    const controls = [...englishPanel.querySelectorAll('input, textarea, select')].map((control) => control.getAttribute('name'));
    expect(controls).toEqual(['name', 'values', 'display_order']);

    const submit = within(form).getByRole('button', { name: 'Submit' });
    const displayOrder = within(form).getByLabelText('Display order');
    expect(displayOrder.compareDocumentPosition(submit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
