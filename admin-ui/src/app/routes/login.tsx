import { Navigate } from 'react-router';
import { LoginForm } from '@/features/auth';
import { LanguageSwitch } from '@/components/layouts/language-switch';
import { getToken } from '@/lib/auth-storage';

export default function LoginRoute() {
  if (getToken()) return <Navigate to="/" replace />;
  return (
    <div className="login-page">
      <div className="login-page__tools">
        <LanguageSwitch />
      </div>
      <main>
        <LoginForm />
      </main>
    </div>
  );
}
