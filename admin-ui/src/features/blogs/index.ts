export { BlogsDashboard } from './components/blogs-dashboard';
export { BlogForm } from './components/blog-form';
