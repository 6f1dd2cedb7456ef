import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormContext } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Form } from '@/components/form/form';
import { describedBy, FieldShell, TextField, useFieldError } from '@/components/form/field';
import { EyeIcon, EyeOffIcon } from '@/components/icons/icons';
import { Logo } from '@/components/ui/logo';
import { REDIRECT_AFTER_LOGIN_MS } from '@/config/constants';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { setToken } from '@/lib/auth-storage';
import { ApiError } from '@/lib/api-client';
import { failureText, serverText } from '@/lib/messages';
import { useLogin } from '../api/login';

type LoginValues = { username: string; password: string; code: string };

export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLogin();
  const [forgotOpen, setForgotOpen] = useState(false);
  const [signedIn, setSignedIn] = useState(false);
  /** The password was right and the account has two-factor on: the code is asked for. */
  const [codeStep, setCodeStep] = useState<string | null>(null);
  useDocumentTitle(t('auth.title'));

  const onSubmit = async (values: LoginValues) => {
    try {
      const code = codeStep !== null ? values.code.trim() : undefined;
      const body = await login.mutateAsync({ username: values.username.trim(), password: values.password, code });
      const token = body.responseBody?.token;
      if (!token) {
        toast.error(t('auth.toast.tokenMissing'));
        return;
      }
      setToken(token);
      setSignedIn(true);
      toast.success(serverText(body.message, t('auth.toast.success')));
      window.setTimeout(() => navigate('/', { replace: true }), REDIRECT_AFTER_LOGIN_MS);
    } catch (error) {
      if (error instanceof ApiError && error.twoFactorRequired) {
        const first = codeStep === null;
        setCodeStep(error.message || t('auth.codeHint'));
        if (!first) toast.error(failureText(error, t('auth.toast.failed')));
        return;
      }
      toast.error(failureText(error, t('auth.toast.failed')));
    }
  };

  return (
    <div className="login">
      <div className="login__brand">
        <Logo name={t('app.name')} tagline={t('auth.subtitle')} size={52} />
      </div>
      <div className="login__card">
        <h1 className="login__title">{t('auth.title')}</h1>
        <Form<LoginValues>
          defaultValues={{ username: '', password: '', code: '' }}
          rules={{ form: 'signIn' }}
          onSubmit={onSubmit}
          className="form form--stacked"
        >
          {({ formState }) => (
            <>
              <TextField<LoginValues> name="username" label={t('auth.fields.username')} autoComplete="username" autoCapitalize="none" spellCheck={false} />
              <PasswordField label={t('auth.fields.password')} />
              {codeStep !== null ? (
                <TextField<LoginValues>
                  name="code"
                  label={t('auth.fields.code')}
                  hint={codeStep}
                  autoComplete="one-time-code"
                  inputMode="text"
                  autoCapitalize="none"
                  spellCheck={false}
                  dir="ltr"
                  autoFocus
                />
              ) : null}
              <div className="login__forgot">
                <button
                  type="button"
                  className="link-btn"
                  aria-expanded={forgotOpen}
                  aria-controls="forgot-help"
                  onClick={() => setForgotOpen((open) => !open)}
                >
                  {t('auth.forgotPassword')}
                </button>
                <p id="forgot-help" className="login__forgot-help" hidden={!forgotOpen}>
                  {t('auth.forgotPasswordHelp')}
                </p>
              </div>
              <button type="submit" className="btn btn--primary btn--block" disabled={formState.isSubmitting || signedIn}>
                {formState.isSubmitting ? t('auth.submitting') : t('auth.submit')}
              </button>
            </>
          )}
        </Form>
      </div>
    </div>
  );
}

function PasswordField({ label }: { label: string }) {
  const { t } = useTranslation();
  const { register } = useFormContext<LoginValues>();
  const [visible, setVisible] = useState(false);
  const error = useFieldError('password');
  const id = 'login-password';
  return (
    <FieldShell id={id} label={label} error={error}>
      <div className="input-group">
        <input
          id={id}
          className="input"
          type={visible ? 'text' : 'password'}
          autoComplete="current-password"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error)}
          {...register('password')}
        />
        <button
          type="button"
          className="input-group__btn"
          aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
    </FieldShell>
  );
}
