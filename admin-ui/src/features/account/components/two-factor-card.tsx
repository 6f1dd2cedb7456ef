import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Form } from '@/components/form/form';
import { TextField } from '@/components/form/field';
import { applyServerErrors } from '@/hooks/use-save-and-return';
import { failureText, serverText } from '@/lib/messages';
import { useDisableTotp, useEnableTotp, useSetUpTotp } from '../api/totp';
import type { Account, TotpSetup } from '../types';

type CodeValues = { code: string };
type PasswordValues = { password: string };

/** The server's SVG shown as an image: it never runs as markup in the page. */
function qrSource(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * Two-factor sign-in: enrol (the account's password, then QR code, typed key, confirm with a
 * code, recovery codes once), or turn off.
 */
export function TwoFactorCard({ account, highlighted }: { account: Account; highlighted: boolean }) {
  const { t } = useTranslation();
  const setUp = useSetUpTotp();
  const enable = useEnableTotp();
  const disable = useDisableTotp();
  const [asking, setAsking] = useState(false);
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  // Each step replaces the one that held focus: focus moves to the step that replaces it.
  const [focusTarget, setFocusTarget] = useState<'start' | 'enrol' | null>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  const enrolStep = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusTarget === 'start') startButton.current?.focus();
    if (focusTarget === 'enrol') enrolStep.current?.focus();
    if (focusTarget) setFocusTarget(null);
  }, [focusTarget]);

  const backToStart = () => {
    setAsking(false);
    setSetup(null);
    setFocusTarget('start');
  };

  return (
    <section className={`card account__card${highlighted ? ' account__card--attention' : ''}`} aria-labelledby="totp-title">
      <h2 id="totp-title" className="account__title">
        {t('account.totp.title')}
      </h2>
      {codes ? (
        <div className="account__recovery">
          <h3>{t('account.totp.recoveryTitle')}</h3>
          <p className="muted">{t('account.totp.recoveryIntro')}</p>
          <ul className="account__codes" dir="ltr" data-testid="recovery-codes">
            {codes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
          <button type="button" className="btn btn--primary" onClick={() => setCodes(null)}>
            {t('account.totp.recoveryDone')}
          </button>
        </div>
      ) : account.totpEnabled ? (
        <>
          <p>{t('account.totp.on')}</p>
          <h3 className="account__subtitle">{t('account.totp.turnOff')}</h3>
          <p className="muted">{t('account.totp.turnOffIntro')}</p>
          <Form<PasswordValues>
            defaultValues={{ password: '' }}
            className="form form--stacked"
            onSubmit={async (values, methods) => {
              try {
                const saved = await disable.mutateAsync(values.password);
                toast.success(serverText(saved.message, t('account.totp.disabled')));
              } catch (error) {
                if (applyServerErrors(error, methods).length === 0) toast.error(failureText(error, t('account.totp.failed')));
              }
            }}
          >
            {({ formState }) => (
              <>
                <TextField<PasswordValues> name="password" label={t('auth.fields.password')} type="password" autoComplete="current-password" />
                <div className="form__actions">
                  <button type="submit" className="btn btn--danger" disabled={formState.isSubmitting}>
                    {t('account.totp.turnOffConfirm')}
                  </button>
                </div>
              </>
            )}
          </Form>
        </>
      ) : setup ? (
        <div className="account__enrol" ref={enrolStep} tabIndex={-1}>
          <p>{t('account.totp.scan')}</p>
          <img className="account__qr" src={qrSource(setup.qr_svg)} alt={t('account.totp.qrAlt')} width={200} height={200} />
          <p className="account__secret-label">{t('account.totp.secret')}</p>
          <p className="account__secret" dir="ltr" data-testid="totp-secret">
            <code>{setup.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
          </p>
          <Form<CodeValues>
            defaultValues={{ code: '' }}
            className="form form--stacked"
            onSubmit={async (values, methods) => {
              try {
                const saved = await enable.mutateAsync(values.code.trim());
                setSetup(null);
                setCodes(saved.item.recovery_codes);
                toast.success(serverText(saved.message, t('account.totp.enabled')));
              } catch (error) {
                if (applyServerErrors(error, methods).length === 0) toast.error(failureText(error, t('account.totp.failed')));
              }
            }}
          >
            {({ formState }) => (
              <>
                <TextField<CodeValues> name="code" label={t('account.totp.code')} inputMode="numeric" autoComplete="one-time-code" dir="ltr" />
                <div className="form__actions">
                  <button type="submit" className="btn btn--primary" disabled={formState.isSubmitting}>
                    {t('account.totp.confirm')}
                  </button>
                  <button type="button" className="btn btn--ghost" onClick={backToStart}>
                    {t('account.totp.cancel')}
                  </button>
                </div>
              </>
            )}
          </Form>
        </div>
      ) : asking ? (
        <>
          <p className="muted">{t('account.totp.passwordIntro')}</p>
          <Form<PasswordValues>
            defaultValues={{ password: '' }}
            className="form form--stacked"
            onSubmit={async (values, methods) => {
              try {
                setSetup((await setUp.mutateAsync(values.password)).item);
                setAsking(false);
                setFocusTarget('enrol');
              } catch (error) {
                if (applyServerErrors(error, methods).length === 0) toast.error(failureText(error, t('account.totp.failed')));
              }
            }}
          >
            {({ formState }) => (
              <>
                <TextField<PasswordValues> name="password" label={t('auth.fields.password')} type="password" autoComplete="current-password" autoFocus />
                <div className="form__actions">
                  <button type="submit" className="btn btn--primary" disabled={formState.isSubmitting}>
                    {t('account.totp.passwordContinue')}
                  </button>
                  <button type="button" className="btn btn--ghost" onClick={backToStart}>
                    {t('account.totp.cancel')}
                  </button>
                </div>
              </>
            )}
          </Form>
        </>
      ) : (
        <>
          <p>{t('account.totp.off')}</p>
          <button ref={startButton} type="button" className="btn btn--primary" onClick={() => setAsking(true)}>
            {t('account.totp.setUp')}
          </button>
        </>
      )}
    </section>
  );
}
