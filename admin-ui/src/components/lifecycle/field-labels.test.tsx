/** Fields named as the forms label them (issue 41), in the admin's language. */
import { screen } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import type { TKey } from '@/locales/types';
import type { ContentKind } from './api';
import { FIELD_LABELS, fieldLabel, isLabelled, joinLabels } from './field-labels';

const t = (key: TKey) => i18n.t(key);

describe('field labels', () => {
  it.each([
    ['blog', 'meta_description', 'Meta description', 'وصف الميتا'],
    ['blog', 'name_ar', 'Title in Arabic', 'العنوان بالعربية'],
    ['banner', 'sub_title_ar', 'Subtitle in Arabic', 'العنوان الفرعي بالعربية'],
    ['blog', 'publish_at', 'Publish at', 'النشر في'],
    ['banner', 'schedule_zone', 'Time zone', 'المنطقة الزمنية'],
    ['service', 'status', 'Status', 'الحالة'],
  ] as const)('%s.%s reads "%s" (and "%s" in Arabic)', async (kind, field, english, arabic) => {
    expect(fieldLabel(kind, field, t)).toBe(english);
    await i18n.changeLanguage('ar');
    expect(fieldLabel(kind, field, t)).toBe(arabic);
  });

  it('names a field a save derives by what it is, keeps the name of any other no form shows, and joins labels as each language writes a list', async () => {
    expect(fieldLabel('blog', 'slug', t)).toBe('Web address (from the name)');
    expect(isLabelled('blog', 'slug')).toBe(false);
    expect(fieldLabel('blog', 'hasPendingChanges', t)).toBe('hasPendingChanges');
    await i18n.changeLanguage('ar');
    expect(fieldLabel('blog', 'excerpt_ar', t)).toBe('المقتطف العربي (من النص العربي)');
    await i18n.changeLanguage('en');
    expect(joinLabels(['Title', 'Meta title'], 'en')).toBe('Title, Meta title');
    expect(joinLabels(['العنوان', 'الوصف'], 'ar')).toBe('العنوان، الوصف');
  });
});

/** Each kind's form, opened on a record, with what it needs beside it. */
const FORMS: Record<ContentKind, { url: string; routes: Record<string, () => [number, unknown]> }> = {
  blog: { url: '/addblog/1', routes: { 'GET /blog/1': () => [200, { responseBody: [{ id: 1 }] }] } },
  banner: {
    url: '/addbanner/1',
    routes: { 'GET /flashy-banner/get-flashy-banner-by-id/1': () => [200, { responseBody: [{ id: 1 }] }] },
  },
};

describe('the tables of labels', () => {
  // The table points at the keys the form labels its fields with: the same words, for the same field.
  it.each(Object.keys(FORMS) as ContentKind[])('%s: each field is named as its form labels it', async (kind) => {
    mockApi(FORMS[kind].routes);
    renderApp(null, { url: FORMS[kind].url });
    await screen.findByRole('region', { name: 'Publishing' });
    for (const [field, key] of Object.entries(FIELD_LABELS[kind])) {
      const label = i18n.t(key);
      const named = screen.queryAllByLabelText(label, { exact: true }).filter((control) => control.getAttribute('name'));
      if (named.length > 0) expect(named.map((control) => control.getAttribute('name')), `${field}: "${label}"`).toContain(field);
      // The upload field labels its dropzone, whose button has no name.
      else expect(screen.getAllByText(label, { selector: 'label' }), `${field}: "${label}"`).not.toHaveLength(0);
    }
  });
});
