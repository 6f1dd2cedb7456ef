/** The desk's contact enquiries: the list (`/contactusdashboard`) and one enquiry (`/addcontactus/{id}`). */
import { useTranslation } from 'react-i18next';
import { DetailsList } from '@/components/ui/details-list';
import { paths } from '@/config/paths';
import { contactKind } from '../kinds';
import type { ContactEnquiry } from '../types';
import { InboxList } from './inbox-list';
import { ItemPage } from './item-page';
import { PhoneLinks } from './phone-links';

export function ContactInbox() {
  const { t } = useTranslation();
  return (
    <InboxList<ContactEnquiry>
      kind={contactKind}
      add={{ label: t('contacts.add'), to: paths.addContact }}
      about={{
        key: 'subject',
        header: t('inbox.columns.subject'),
        width: 'wide',
        cell: (c) => (
          <span className="about-cell" dir="auto">
            {c.subject}
          </span>
        ),
      }}
    />
  );
}

/** The enquiry as the client sent it: nothing here can be changed. */
function ContactWords({ contact }: { contact: ContactEnquiry }) {
  const { t } = useTranslation();
  return (
    <section className="card desk-words" aria-labelledby="desk-words-title">
      <h2 id="desk-words-title" className="desk-card__title">
        {t('inbox.contact.words')}
      </h2>
      <DetailsList
        items={[
          { label: t('contacts.fields.firstName'), value: <bdi>{contact.first_name}</bdi> },
          { label: t('contacts.fields.lastName'), value: <bdi>{contact.last_name}</bdi> },
          { label: t('contacts.fields.email'), value: <a href={`mailto:${contact.email}`} dir="ltr">{contact.email}</a> },
          { label: t('contacts.fields.phone'), value: <PhoneLinks phone={contact.phone} /> },
          { label: t('contacts.fields.subject'), value: <span dir="auto">{contact.subject}</span> },
          { label: t('contacts.fields.message'), value: <p className="pre-line desk-words__message" dir="auto">{contact.message}</p> },
          { label: t('inbox.sentFrom'), value: t(contact.lang === 'ar' ? 'inbox.lang.arPage' : 'inbox.lang.enPage') },
        ]}
      />
    </section>
  );
}

export function ContactDetail({ id }: { id: number }) {
  return (
    <ItemPage<ContactEnquiry>
      kind={contactKind}
      id={id}
      heading={contactKind.itemName}
      subheading={(c) => <bdi>{c.subject}</bdi>}
      words={(c) => <ContactWords contact={c} />}
    />
  );
}
