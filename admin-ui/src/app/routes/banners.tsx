import { BannerForm, BannersDashboard } from '@/features/banners';
import { withId } from './with-id';

export const Dashboard = BannersDashboard;
export const FormRoute = withId(BannerForm);
