/**
 * The admin runs the shared vectors (rules/vectors.json) through the rules its forms use, and
 * gets what the API answers (api/cli/tests/it/rules.rs sends the same cases to the server).
 */
import vectors from '../../../rules/vectors.json';
import { runRules } from './form-rules';

type Case = {
  name: string;
  form: string;
  audience: 'visitor' | 'admin';
  change: Record<string, unknown>;
  expect: { field: string; en: string; ar: string; headline?: { en: string; ar: string } } | null;
};

function valuesOf(c: Case): Record<string, unknown> {
  const valid = (vectors.valid as Record<string, Record<string, unknown>>)[c.form];
  const values: Record<string, unknown> = { ...valid, ...c.change };
  for (const [key, value] of Object.entries(values)) {
    if (value && typeof value === 'object' && 'repeat' in value) {
      const { repeat, times } = value as { repeat: string; times: number };
      values[key] = repeat.repeat(times);
    } else if (value === '{service}') {
      values[key] = '7';
    }
  }
  return values;
}

/**
 * Forms filled in on the site only, whose vectors the islands run: the airport request (the admin
 * shows requests, it never fills one in).
 */
const SITE_ONLY = ['airportRequest'];

const cases = (vectors.cases as Case[]).filter((c) => !SITE_ONLY.includes(c.form));

describe('the shared vectors', () => {
  it('cover every form the admin fills in', () => {
    const forms = new Set(cases.map((c) => c.form));
    for (const form of ['signIn', 'service', 'serviceList', 'blog', 'clientReview', 'banner', 'generalContent', 'contact', 'newPassword']) {
      expect(forms).toContain(form);
    }
  });

  describe.each(['en', 'ar'] as const)('in %s', (lang) => {
    it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
      const { headline, failures } = runRules({ form: c.form as never, audience: c.audience }, valuesOf(c), lang);
      if (c.expect === null) {
        expect(failures).toEqual([]);
        return;
      }
      const inline = failures.find((f) => f.field === c.expect!.field);
      expect(headline?.field).toBe(c.expect.field);
      expect(inline?.message).toBe(c.expect[lang]);
      expect(headline?.toast).toBe((c.expect.headline ?? c.expect)[lang]);
    });
  });
});

describe('runRules', () => {
  const empty = { name: '', display_order: '', image_url: '', image_file: null as File | null };

  it('accepts a newly chosen file in place of a stored image address', () => {
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    const rules = { form: 'blog' } as const;
    expect(runRules(rules, { ...empty, name: 'x', display_order: '2', image_file: file }, 'en').headline).toBeNull();
    expect(runRules(rules, { ...empty, name: 'x', display_order: '2', image_url: '/media/a.png' }, 'en').headline).toBeNull();
    expect(runRules(rules, { ...empty, name: 'x', display_order: '2' }, 'ar').headline?.message).toBe('يرجى رفع الصورة');
  });

  it('runs nothing when a form has no rules', () => {
    expect(runRules(undefined, empty, 'en')).toEqual({ failures: [], headline: null });
  });
});
