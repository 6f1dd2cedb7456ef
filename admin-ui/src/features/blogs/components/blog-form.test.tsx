/** The blog form's failure toasts (specification section 8). */
import { act, screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { infoBody, mediaInfo } from '@/testing/media-info';
import { accountAnswer, list, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { blogRecord } from '@/testing/records';

const toastTitle = (text: string) => screen.findByText(text, { selector: '[data-title]' });

const blog = blogRecord({ created_at: '', updated_at: '' });

/** A blog body that cannot be turned into JSON (as a cyclic value would): nothing can be sent. */
function unserialisableBlogBody() {
  const stringify = JSON.stringify;
  vi.spyOn(JSON, 'stringify').mockImplementation((value: unknown, ...rest: unknown[]) => {
    if (value && typeof value === 'object' && 'meta_description' in value) throw new TypeError('Converting circular structure to JSON');
    return stringify(value, ...(rest as [])) as string;
  });
}

describe('blog form', () => {
  it('says "Error submitting blog" when the save fails before its request is sent', async () => {
    unserialisableBlogBody();
    const { requests } = mockApi({ 'GET /blog/9': () => [200, { responseBody: [blog] }] });
    const { user } = renderApp(null, { url: '/addblog/9' });
    expect(await screen.findByLabelText('Title')).toHaveValue('Arrivals');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await toastTitle('Error submitting blog')).toBeInTheDocument();
    expect(screen.queryByText('Error updating blog', { selector: '[data-title]' })).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method !== 'GET' && !r.path.startsWith('/presence/'))).toEqual([]);
  });

  it('in Arabic too', async () => {
    await i18n.changeLanguage('ar');
    unserialisableBlogBody();
    mockApi({ 'GET /blog/9': () => [200, { responseBody: [blog] }] });
    const { user } = renderApp(null, { url: '/addblog/9' });
    expect(await screen.findByDisplayValue('Arrivals')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: i18n.t('common.submit') }));
    expect(i18n.t('blogs.toast.submitFailed')).not.toBe('Error submitting blog');
    expect(await toastTitle(i18n.t('blogs.toast.submitFailed'))).toBeInTheDocument();
  });

  it('keeps "Error updating blog" for a request the server refuses, and "Failed to upload image" for uploads', async () => {
    mockApi({
      'GET /blog/9': () => [200, { responseBody: [blog] }],
      'PUT /blog/9': () => [502, undefined],
      'POST /blob-upload': () => [502, undefined],
    });
    const { user } = renderApp(null, { url: '/addblog/9' });
    expect(await screen.findByLabelText('Title')).toHaveValue('Arrivals');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await toastTitle('Error updating blog')).toBeInTheDocument();

    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['x'], 'a.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await toastTitle('Failed to upload image')).toBeInTheDocument();
  });

  it('shows the upload\'s progress on save, then saves the new address and shows what the server made of it', async () => {
    let finish: () => void = () => undefined;
    const sent = new Promise<void>((resolve) => (finish = resolve));
    let reads = 0;
    const { requests } = mockApi({
      'GET /blog/9': () => [200, { responseBody: [blog] }],
      'POST /blob-upload': async ({ progress }) => {
        progress(0.4);
        await sent;
        return [200, { status: 200, responseData: '/media/dunes.jpg' }];
      },
      'GET /media/arrivals.jpg': () => [404, { message: 'Not found', errors: {} }],
      'GET /media/dunes.jpg': () => [200, infoBody(mediaInfo(reads++ < 1 ? 'pending' : 'ready'))],
      'PUT /blog/9': ({ body }) => [200, { responseBody: [{ ...blog, ...(body as object) }], message: 'Blog updated successfully' }],
    });
    const { user } = renderApp(null, { url: '/addblog/9' });
    expect(await screen.findByLabelText('Title')).toHaveValue('Arrivals');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['x'.repeat(2048)], 'dunes.jpg', { type: 'image/jpeg' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const bar = await screen.findByRole('progressbar', { name: 'Upload of dunes.jpg' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    finish();

    expect(await toastTitle('Blog updated successfully')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT' && r.path === '/blog/9')?.body).toMatchObject({ image_url: '/media/dunes.jpg' });
    const preview = screen.getByTestId('upload-preview');
    expect(await within(preview).findByText('Preparing sizes for phones and screens…')).toBeInTheDocument();
  });

  // Issue 53: a new blog opened with an empty bar (a contributor's publishing panel had nothing in it).
  it.each([
    ['an editor', 'editor', 'Not saved yet. Submit puts it on the site (at “Publish at” when set); Save as draft keeps it off the site.'],
    ['a contributor', 'contributor', 'Not saved yet. Your save is a draft: an editor or an owner publishes it.'],
  ] as const)('opens a new blog for %s with its publishing panel saying where it stands', async (_who, role, facts) => {
    mockApi({ 'GET /account': () => accountAnswer(role), 'GET /blog': () => [200, list([])] });
    renderApp(null, { url: '/addblog' });
    const panel = await screen.findByRole('region', { name: 'Publishing' });
    expect(within(panel).getByText('New', { selector: '.status-badge' })).toBeInTheDocument();
    expect(panel).toHaveTextContent(facts);
  });

  it('shows a new blog’s publishing panel in Arabic', async () => {
    await i18n.changeLanguage('ar');
    mockApi({ 'GET /blog': () => [200, list([])] });
    renderApp(null, { url: '/addblog' });
    const panel = await screen.findByRole('region', { name: 'النشر' });
    expect(within(panel).getByText('جديد', { selector: '.status-badge' })).toBeInTheDocument();
    expect(panel).toHaveTextContent('لم يُحفظ بعد.');
  });

  it('shows the English beside each Arabic field whose English has a value, as the form holds it', async () => {
    mockApi({ 'GET /blog/9': () => [200, { responseBody: [blog] }] });
    const { user } = renderApp(null, { url: '/addblog/9' });
    const name = await screen.findByLabelText('Title');
    await user.click(screen.getByRole('tab', { name: 'Arabic' }));
    const panel = screen.getByRole('tabpanel', { name: 'Arabic' });
    // The title and the description have English; the meta title, meta description and keywords have none.
    const english = within(panel).getAllByRole('group', { name: 'English' });
    expect(english.map((group) => group.textContent)).toEqual(['EnglishArrivals', 'EnglishCalm and quick.']);
    expect(within(english[0]).getByText('Arrivals')).toHaveAttribute('lang', 'en');
    expect(english[0].closest('.twin')).toContainElement(within(panel).getByLabelText('Title in Arabic'));
    expect(within(english[1]).getByText('Calm and quick.').tagName).toBe('P');
    expect(english[1].closest('.twin')).toContainElement(within(panel).getByRole('textbox', { name: 'Description in Arabic' }));

    await user.click(screen.getByRole('tab', { name: 'English' }));
    await user.type(name, ' by air');
    await user.click(screen.getByRole('tab', { name: 'Arabic' }));
    expect(within(panel).getAllByRole('group', { name: 'English' })[0]).toHaveTextContent('Arrivals by air');
  });

  it('opens on the Arabic tab when the link asks, with the English labelled in Arabic', async () => {
    await i18n.changeLanguage('ar');
    mockApi({ 'GET /blog/9': () => [200, { responseBody: [blog] }] });
    const { router } = renderApp(null, { url: '/account' });
    await act(() => router.navigate('/addblog/9', { state: { languageTab: 'ar' } }));
    const panel = await screen.findByRole('tabpanel', { name: 'العربية' });
    expect(screen.getByRole('tab', { name: 'العربية' })).toHaveAttribute('aria-selected', 'true');
    expect(within(panel).getAllByRole('group', { name: 'الإنجليزية' })[0]).toHaveTextContent('Arrivals');
  });

  it('previews an image without a title as the image alone, with no empty title bar over it', async () => {
    mockApi({
      'GET /blog/9': () => [200, { responseBody: [blogRecord({ name: '' })] }],
      'GET /media/arrivals.jpg': () => [404, { message: 'Not found', errors: {} }],
    });
    const { user } = renderApp(null, { url: '/addblog/9' });
    await user.click(await screen.findByRole('button', { name: 'Preview Image + Title' }));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(preview.querySelector('img')).toHaveAttribute('src', expect.stringContaining('/media/arrivals.jpg'));
    expect(within(preview).queryByRole('heading')).toBeNull();
  });
});
