import { GeneralContentDashboard, GeneralContentForm } from '@/features/general-content';
import { withId } from './with-id';

export const Dashboard = GeneralContentDashboard;
export const FormRoute = withId(GeneralContentForm);
