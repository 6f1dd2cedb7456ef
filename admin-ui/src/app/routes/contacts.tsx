import { ContactForm, ContactsDashboard } from '@/features/contacts';
import { withId } from './with-id';

export const Dashboard = ContactsDashboard;
export const FormRoute = withId(ContactForm);
