export { ContactsDashboard } from './components/contacts-dashboard';
export { ContactForm } from './components/contact-form';
