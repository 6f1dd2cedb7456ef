export { ServiceListsDashboard } from './components/service-lists-dashboard';
export { ServiceListForm } from './components/service-list-form';
