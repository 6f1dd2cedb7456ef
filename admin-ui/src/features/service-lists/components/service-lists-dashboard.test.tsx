/** The Services List Dashboard's delete failures (specification section 8). */
import { screen, within } from '@testing-library/react';
import { list, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const toastTitle = (text: string) => screen.findByText(text, { selector: '[data-title]' });

const routes = (deleteAnswer: [number, unknown]) => ({
  'GET /our-services/display/display-order': (): [number, unknown] => [200, list([{ id: 3, name: 'Airport' }])],
  'GET /list-of-services/display-order/3': (): [number, unknown] => [
    200,
    list([{ id: 7, name: 'Meet and greet', description: '', image_url: '', service_name: 'Airport', titleBgClass: '', display_order: 1, our_service_id: 3 }]),
  ],
  'DELETE /list-of-services/7': (): [number, unknown] => deleteAnswer,
});

async function deleteMeetAndGreet(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Actions for Meet and greet' }));
  await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
  const dialog = screen.getByRole('alertdialog', { name: 'Are You Sure to Delete?' });
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
}

describe('services list dashboard', () => {
  it('says "Error deleting service" when a delete fails without a message', async () => {
    mockApi(routes([500, undefined]));
    const { user } = renderApp(null, { url: '/serviceslist' });
    await deleteMeetAndGreet(user);
    expect(await toastTitle('Error deleting service')).toBeInTheDocument();
    expect(screen.queryByText('An error occurred', { selector: '[data-title]' })).not.toBeInTheDocument();
  });

  it('shows the server\'s message when a delete fails with one', async () => {
    mockApi(routes([409, { message: 'This item is still published elsewhere.', errors: {} }]));
    const { user } = renderApp(null, { url: '/serviceslist' });
    await deleteMeetAndGreet(user);
    expect(await toastTitle('This item is still published elsewhere.')).toBeInTheDocument();
  });
});
