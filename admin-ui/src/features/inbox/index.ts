export { ContactDetail, ContactInbox } from './components/contact-desk';
export { AirportDetail, AirportInbox } from './components/airport-desk';
