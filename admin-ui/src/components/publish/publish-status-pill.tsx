import { useTranslation } from 'react-i18next';
import { formatTime } from '@/lib/dates';
import { isLive, type PublishStatus, type Tracking } from '@/lib/publish-status';

type PublishStatusPillProps = {
  tracking: Tracking | null;
  status: PublishStatus | undefined;
  /** When `status` was read (ms since the epoch). */
  updatedAt: number;
};

/** After a save of public content: "Publishing…" until the site has it, then "Live on the site · 14:02". */
export function PublishStatusPill({ tracking, status, updatedAt }: PublishStatusPillProps) {
  const { t } = useTranslation();
  if (!tracking) return null;

  // Only a status read after the save can say it is live.
  const fresh = status !== undefined && updatedAt > tracking.startedAt;
  const live = fresh && isLive(status, tracking.target);
  const error = status?.lastError;
  return (
    <div className="publish" role="status" aria-label={t('publish.label')}>
      <span className={`pill ${live ? 'pill--live' : 'pill--pending'}`} data-testid="publish-pill">
        <span className="pill__dot" aria-hidden="true" />
        {live ? t('publish.live', { time: formatTime(status.lastBuildAt ?? new Date()) }) : t('publish.publishing')}
      </span>
      {error ? (
        <span className="pill pill--error" title={error}>
          {t('publish.failed', { error })}
        </span>
      ) : null}
    </div>
  );
}

/** The CDN has refused or not answered purges several times: visitors may see old pages there. */
export function EdgePurgeWarning({ status }: { status: PublishStatus | undefined }) {
  const { t } = useTranslation();
  const failed = status?.failedPurges ?? 0;
  if (failed === 0) return null;
  const error = status?.lastPurgeError ?? '';
  return (
    <span className="pill pill--error" role="status" title={error} data-testid="edge-purge-warning">
      {failed === 1 ? t('publish.edgeFailingOne') : t('publish.edgeFailingMany', { count: failed })}
    </span>
  );
}
