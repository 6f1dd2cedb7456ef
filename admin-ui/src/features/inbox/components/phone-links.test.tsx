import { phoneTargets } from './phone-links';

describe('phone targets', () => {
  it.each<[string, string, string | null, string]>([
    ['+966501234567', 'tel:+966501234567', 'https://wa.me/966501234567', 'international: call and WhatsApp'],
    ['+966 50 123 4567', 'tel:+966501234567', 'https://wa.me/966501234567', 'spaces as typed are left out of the link'],
    ['0501234567', 'tel:0501234567', null, 'local: no country, so no WhatsApp'],
    ['971501234567', 'tel:971501234567', null, 'kept before the desk, without its +: call only'],
  ])('%s → %s, %s (%s)', (phone, tel, whatsapp, _why) => {
    expect(phoneTargets(phone)).toEqual({ tel, whatsapp });
  });

  it('gives nothing to link for a number without digits', () => {
    expect(phoneTargets('  ')).toBeNull();
  });
});
