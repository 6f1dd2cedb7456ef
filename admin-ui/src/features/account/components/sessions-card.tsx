import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/dates';
import { failureText, serverText } from '@/lib/messages';
import { useEndSession, useSessions } from '../api/sessions';

/** A browser's name from its user agent, roughly (the full string is in the title). */
export function browserName(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const known: [RegExp, string][] = [
    [/Edg\//, 'Edge'],
    [/OPR\//, 'Opera'],
    [/Firefox\//, 'Firefox'],
    [/Chrome\//, 'Chrome'],
    [/Safari\//, 'Safari'],
  ];
  const browser = known.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = /iPhone|iPad/.test(userAgent)
    ? 'iOS'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Mac OS X/.test(userAgent)
        ? 'macOS'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (!browser) return userAgent.slice(0, 60);
  return system ? `${browser} · ${system}` : browser;
}

export function SessionsCard() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const end = useEndSession();
  const onEnd = async (id: number) => {
    try {
      const done = await end.mutateAsync(id);
      toast.success(serverText(done.message, t('account.sessions.ended')));
    } catch (error) {
      toast.error(failureText(error, t('confirm.failed')));
    }
  };
  return (
    <section className="card account__card account__card--wide" aria-labelledby="sessions-title">
      <h2 id="sessions-title" className="account__title">
        {t('account.sessions.title')}
      </h2>
      <p className="muted">{t('account.sessions.intro')}</p>
      {sessions.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : sessions.isError ? (
        <p className="notice notice--error" role="alert">
          {failureText(sessions.error, t('common.loadFailed'))}
        </p>
      ) : (
        <ul className="sessions">
          {sessions.data.result.map((session) => (
            <li key={session.id} className="sessions__item" data-testid="session">
              <div className="sessions__main">
                <p className="sessions__browser" title={session.user_agent ?? undefined}>
                  {browserName(session.user_agent) ?? t('account.sessions.unknown')}
                  {session.current ? <span className="pill pill--live sessions__current">{t('account.sessions.current')}</span> : null}
                </p>
                <dl className="sessions__facts">
                  <div>
                    <dt>{t('account.sessions.address')}</dt>
                    <dd dir="ltr">{session.address ?? t('account.sessions.unknown')}</dd>
                  </div>
                  <div>
                    <dt>{t('account.sessions.started')}</dt>
                    <dd>{formatDateTime(session.created_at)}</dd>
                  </div>
                  <div>
                    <dt>{t('account.sessions.lastSeen')}</dt>
                    <dd>{formatDateTime(session.last_seen_at)}</dd>
                  </div>
                </dl>
              </div>
              {session.current ? null : (
                <button
                  type="button"
                  className="btn btn--secondary btn--small"
                  aria-label={t('account.sessions.endLabel', { address: session.address ?? t('account.sessions.unknown') })}
                  onClick={() => void onEnd(session.id)}
                  disabled={end.isPending}
                >
                  {t('account.sessions.end')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
