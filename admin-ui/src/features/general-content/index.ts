export { GeneralContentDashboard } from './components/general-content-dashboard';
export { GeneralContentForm } from './components/general-content-form';
