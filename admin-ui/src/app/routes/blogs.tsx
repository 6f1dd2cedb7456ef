import { BlogForm, BlogsDashboard } from '@/features/blogs';
import { withId } from './with-id';

export const Dashboard = BlogsDashboard;
export const FormRoute = withId(BlogForm);
