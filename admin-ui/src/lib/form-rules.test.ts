import { isDisplayOrder, rules, runRules, type Rule } from './form-rules';

type Values = { name: string; display_order: string; image_url: string; image_file: File | null };
const all: Rule<Values>[] = [
  rules.required('name', 'Please enter the name'),
  rules.required('display_order', 'Please enter the Display order'),
  rules.wholeNumber('display_order', 'whole number'),
  rules.media('image_url', 'image_file', 'Please upload an image'),
];
const empty: Values = { name: '', display_order: '', image_url: '', image_file: null };

describe('runRules', () => {
  it('reports the first failure of each field, in rule order, and the first overall as the headline', () => {
    const result = runRules(all, empty);
    expect(result.failures.map((f) => f.message)).toEqual([
      'Please enter the name',
      'Please enter the Display order',
      'Please upload an image',
    ]);
    expect(result.headline?.message).toBe('Please enter the name');
  });

  it('checks the number only once the field is filled', () => {
    const result = runRules(all, { ...empty, name: 'x', display_order: '1.5' });
    expect(result.headline).toMatchObject({ field: 'display_order', message: 'whole number' });
  });

  it('accepts a new file or a stored address for the image', () => {
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    expect(runRules(all, { ...empty, name: 'x', display_order: '2', image_file: file }).headline).toBeNull();
    expect(runRules(all, { ...empty, name: 'x', display_order: '2', image_url: '/media/a.png' }).headline).toBeNull();
  });

  it('treats blank text as missing', () => {
    expect(runRules(all, { ...empty, name: '   ' }).headline?.field).toBe('name');
  });

  it('carries a separate toast text when a rule has one', () => {
    const rule = rules.required<{ values: string }>('values', 'Please enter the value', 'Please select the value');
    expect(runRules([rule], { values: '' }).headline).toEqual({
      field: 'values',
      message: 'Please enter the value',
      toast: 'Please select the value',
    });
  });
});

describe('isDisplayOrder', () => {
  it.each(['0', '7', '-3', '+12', ' 42 ', '1000000', '-1000000'])('accepts %s', (value) => {
    expect(isDisplayOrder(value)).toBe(true);
  });
  it.each(['', 'abc', '1.5', '1e3', '1000001', '--1'])('refuses %s', (value) => {
    expect(isDisplayOrder(value)).toBe(false);
  });
});
