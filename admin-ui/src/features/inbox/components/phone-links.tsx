import { useTranslation } from 'react-i18next';
import { PhoneIcon, WhatsAppIcon } from '@/components/icons/icons';

/**
 * Where a phone number as kept (`+966501234567` international, `0501234567` local) can be
 * reached: `tel:` always, WhatsApp (`https://wa.me/<digits>`) only for an international number,
 * since a local one does not say its country.
 */
export function phoneTargets(phone: string): { tel: string; whatsapp: string | null } | null {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (!digits) return null;
  const international = trimmed.startsWith('+');
  return { tel: `tel:${international ? '+' : ''}${digits}`, whatsapp: international ? `https://wa.me/${digits}` : null };
}

/** The number, tap to call, and WhatsApp beside it when it can be reached there. */
export function PhoneLinks({ phone }: { phone: string }) {
  const { t } = useTranslation();
  const targets = phoneTargets(phone);
  if (!targets) return <span dir="ltr">{phone}</span>;
  return (
    <span className="phone-links">
      <a className="phone-links__call" href={targets.tel} aria-label={t('inbox.phone.call', { phone })}>
        <PhoneIcon width={16} height={16} />
        <bdi dir="ltr">{phone}</bdi>
      </a>
      {targets.whatsapp ? (
        <a
          className="phone-links__whatsapp"
          href={targets.whatsapp}
          target="_blank"
          rel="noreferrer"
          aria-label={t('inbox.phone.whatsapp', { phone })}
          title={t('inbox.phone.whatsapp', { phone })}
        >
          <WhatsAppIcon width={16} height={16} />
          <span>{t('inbox.phone.whatsappShort')}</span>
        </a>
      ) : null}
    </span>
  );
}
