import { ar } from './ar';
import { en } from './en';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

describe('locales', () => {
  const english = new Map(leaves(en as unknown as Tree));
  const arabic = new Map(leaves(ar as unknown as Tree));

  it('have the same keys', () => {
    expect([...arabic.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('have no empty strings', () => {
    for (const [key, value] of [...english, ...arabic]) expect(value.trim(), key).not.toBe('');
  });

  it('keep the same interpolation placeholders', () => {
    const placeholders = (text: string) => (text.match(/{{\s*\w+\s*}}/g) ?? []).sort();
    for (const [key, value] of english) expect(placeholders(arabic.get(key)!), key).toEqual(placeholders(value));
  });

  it('hold the specification\'s texts word for word in English', () => {
    expect(en.confirm.title).toBe('Are You Sure to Delete?');
    expect(en.common.noData).toBe('No data available');
    expect(en.upload.tooLarge).toBe('File is too large. Maximum size allowed is 20MB.');
    expect(en.kinds.words.service.toast.addFailed).toBe('Failed to add service');
    expect(en.kinds.words['client-review'].toast.updateFailed).toBe('Error updating client review');
    expect(en.contacts.toast.updateFailed).toBe('Error updating contact');
    expect(en.kinds.words['general-content'].toast.deleted).toBe('General Content deleted successfully');
  });
});
