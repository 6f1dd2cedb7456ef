export { KindDashboard } from './components/kind-dashboard';
export { KindForm } from './components/kind-form';
