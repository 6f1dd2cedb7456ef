import { ServiceListForm, ServiceListsDashboard } from '@/features/service-lists';
import { withId } from './with-id';

export const Dashboard = ServiceListsDashboard;
export const FormRoute = withId(ServiceListForm);
