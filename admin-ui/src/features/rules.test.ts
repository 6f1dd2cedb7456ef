/** Each admin form's rules, in the specification's order (section 5, "Admin forms"). */
import { rulesOf, runRules, type FormRules } from '@/lib/form-rules';
import { bannerRules } from './banners/rules';
import { blogRules } from './blogs/rules';
import { contactRules } from './contacts/rules';


/** Fills the fields one by one and records the headline after each step. */
function headlines<V extends object>(rules: FormRules, start: V, steps: Partial<V>[]) {
  const seen: string[] = [];
  let values = start;
  for (const step of [{}, ...steps]) {
    values = { ...values, ...step };
    const { headline } = runRules(rules, values, 'en');
    seen.push(headline ? headline.toast : 'ok');
  }
  return seen;
}

const file = new File(['x'], 'a.png', { type: 'image/png' });

describe('admin form rules', () => {
  it('blog: title, display order, image; the rest optional', () => {
    const start = { name: '', description: '', image_url: '', image_file: null as File | null, display_order: '', meta_title: '', meta_description: '', key_words: '', name_ar: '', description_ar: '', meta_title_ar: '', meta_description_ar: '', key_words_ar: '' };
    expect(headlines(blogRules, start, [{ name: 'T' }, { display_order: '1' }, { image_file: file }])).toEqual([
      'Please enter the title',
      'Please enter the Display order',
      'Please upload the Image',
      'ok',
    ]);
  });

  it('service: title, description, content, display order, image, colour code', () => {
    const start = { name: '', description: '', content: '', display_order: '', image_url: '', image_file: null as File | null, color: '', name_ar: '', description_ar: '', content_ar: '' };
    expect(
      headlines(rulesOf('service')!, start, [{ name: 'T' }, { description: 'D' }, { content: 'C' }, { display_order: '1' }, { image_url: '/media/a.png' }, { color: '#fff' }]),
    ).toEqual([
      'Please enter the title',
      'Please enter the description',
      'Please enter the content',
      'Please enter the Display order',
      'Please upload the Image',
      'Please enter the color code',
      'ok',
    ]);
  });

  it('client review: title, name, description, display order, image', () => {
    const start = { title: '', name: '', description: '', display_order: '', image_url: '', image_file: null as File | null, title_ar: '', name_ar: '', description_ar: '' };
    expect(headlines(rulesOf('clientReview')!, start, [{ title: 'T' }, { name: 'N' }, { description: 'D' }, { display_order: '2' }, { image_file: file }])).toEqual([
      'Please enter the title',
      'Please enter the Name',
      'Please enter the description',
      'Please enter the Display order',
      'Please upload the Image',
      'ok',
    ]);
  });

  it('admin contact: first name, last name, mobile number, email, subject, message', () => {
    const start = { first_name: '', last_name: '', phone: '', email: '', subject: '', message: '' };
    expect(
      headlines(contactRules, start, [{ first_name: 'A' }, { last_name: 'B' }, { phone: '0501234567' }, { email: 'a@b.co' }, { subject: 'S' }, { message: 'M' }]),
    ).toEqual([
      'Please enter the First Name',
      'Please enter the last name',
      'Please enter the mobile number',
      'Please enter the email',
      'Please enter the subject',
      'Please enter the message',
      'ok',
    ]);
  });

  it('services list: service, name, display order, image (as toasts too)', () => {
    const start = { our_service_id: '', name: '', display_order: '', image_url: '', image_file: null as File | null, description: '', name_ar: '', description_ar: '' };
    expect(headlines(rulesOf('serviceList')!, start, [{ our_service_id: '3' }, { name: 'N' }, { display_order: '1' }, { image_url: '/media/a.png' }])).toEqual([
      'Please select a service',
      'Please enter the name',
      'Please enter the Display order',
      'Please upload an image',
      'ok',
    ]);
  });

  it('banner: banner name, title, image (marked required in the specification, now checked)', () => {
    const start = { banner_name: '', banner_url: '', banner_file: null as File | null, image_id: '', title: '', sub_title: '', web_url: '', title_ar: '', sub_title_ar: '' };
    expect(headlines(bannerRules, start, [{ banner_name: 'Summer' }, { title: 'Arrive rested' }, { banner_file: file }])).toEqual([
      'Please enter the banner name',
      'Please enter the title',
      'Please upload the Image',
      'ok',
    ]);
  });

  it('general content: name, value (toast "Please select the value"), display order', () => {
    const start = { name: '', values: '', display_order: '', values_ar: '' };
    const rules = rulesOf('generalContent')!;
    expect(headlines(rules, start, [{ name: 'site.phone' }, { values: '+971' }, { display_order: '1' }])).toEqual([
      'Please enter the name',
      'Please select the value',
      'Please enter the Display order',
      'ok',
    ]);
    expect(runRules(rules, { ...start, name: 'x' }, 'en').failures[0].message).toBe('Please enter the value');
  });
});
