export { LoginForm } from './components/login-form';
export { useLogout } from './api/logout';
