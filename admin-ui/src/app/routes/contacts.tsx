import { ContactForm } from '@/features/contacts';
import { ContactDetail, ContactInbox } from '@/features/inbox';
import { withId } from './with-id';

/** `/addcontactus` files an enquiry taken by phone; `/addcontactus/{id}` is the enquiry at the desk. */
function ContactRoute({ id }: { id?: number }) {
  return id === undefined ? <ContactForm /> : <ContactDetail id={id} />;
}

export const Dashboard = ContactInbox;
export const FormRoute = withId(ContactRoute);
