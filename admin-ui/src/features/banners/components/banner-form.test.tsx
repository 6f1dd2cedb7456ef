/** The banner form: banner name, title and image are required (issue 19, item 1). */
import { screen } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import { list, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const inlineError = (text: string) => screen.findByText(text, { selector: '.field__error' });

describe('banner form', () => {
  it('marks banner name, title and image as required', async () => {
    mockApi({});
    renderApp(null, { url: '/addbanner' });
    expect(await screen.findByLabelText('Banner name')).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText('Subtitle')).not.toHaveAttribute('aria-required');
    expect(screen.getByText('Banner image', { selector: 'label' }).closest('.field')?.querySelector('.field__required')).not.toBeNull();
  });

  it('refuses an empty banner: one message per required field, nothing sent', async () => {
    const { requests } = mockApi({});
    const { user } = renderApp(null, { url: '/addbanner' });
    await user.click(await screen.findByRole('button', { name: 'Submit' }));

    expect(await inlineError('Please enter the banner name')).toBeInTheDocument();
    expect(screen.getByText('Please enter the title', { selector: '.field__error' })).toBeInTheDocument();
    expect(screen.getByText('Please upload the Image', { selector: '.field__error' })).toBeInTheDocument();
    expect(screen.getByLabelText('Banner name')).toHaveFocus();
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);

    await user.type(screen.getByLabelText('Banner name'), 'Summer');
    expect(screen.queryByText('Please enter the banner name', { selector: '.field__error' })).not.toBeInTheDocument();
    expect(screen.getByText('Please enter the title', { selector: '.field__error' })).toBeInTheDocument();
  });

  it('saves once the three are there (the image kept from the stored banner)', async () => {
    const banner = { id: 5, banner_name: 'Summer', banner_url: '/media/summer.jpg', image_id: '', title: 'Arrive rested', title_ar: null, sub_title: '', sub_title_ar: null, web_url: '', created_at: '', updated_at: '' };
    const { requests } = mockApi({
      'GET /flashy-banner/get-flashy-banner-by-id/5': () => [200, { responseBody: [banner] }],
      'PUT /flashy-banner/update-flashy-banner-by-id/5': () => [200, { responseBody: [banner], message: 'Banner updated successfully' }],
      'GET /flashy-banner': () => [200, list([banner])],
      'GET /publish/status': () => [200, { responseBody: { pendingJobs: 0, latestJobId: 1, lastDoneJobId: 1, lastBuildAt: null, lastError: null } }],
    });
    const { user } = renderApp(null, { url: '/addbanner/5' });
    expect(await screen.findByLabelText('Title')).toHaveValue('Arrive rested');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Banner updated successfully', { selector: '[data-title]' })).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(true);
  });

  it('says it in Arabic in the Arabic admin', async () => {
    await i18n.changeLanguage('ar');
    mockApi({});
    const { user } = renderApp(null, { url: '/addbanner' });
    await user.click(await screen.findByRole('button', { name: i18n.t('common.submit') }));
    // The server's own messages (rules/forms.json), in Arabic.
    expect(await inlineError('يرجى إدخال اسم اللافتة')).toBeInTheDocument();
    expect(screen.getByText('يرجى إدخال العنوان', { selector: '.field__error' })).toBeInTheDocument();
    expect(screen.getByText('يرجى رفع الصورة', { selector: '.field__error' })).toBeInTheDocument();
  });
});
