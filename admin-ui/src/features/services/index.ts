export { ServicesDashboard } from './components/services-dashboard';
export { ServiceForm } from './components/service-form';
