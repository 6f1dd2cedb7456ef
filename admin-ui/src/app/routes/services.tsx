import { ServiceForm, ServicesDashboard } from '@/features/services';
import { withId } from './with-id';

export const Dashboard = ServicesDashboard;
export const FormRoute = withId(ServiceForm);
