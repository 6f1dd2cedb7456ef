import { useTranslation } from 'react-i18next';
import { formatTime } from '@/lib/dates';
import { isLive, usePublishStatus, usePublishTracking } from '@/lib/publish-status';

/** After a save of public content: "Publishing…" until the site has it, then "Live on the site · 14:02". */
export function PublishStatusPill() {
  const { t } = useTranslation();
  const tracking = usePublishTracking();
  const { data, dataUpdatedAt } = usePublishStatus(tracking);
  if (!tracking) return null;

  // Only a status read after the save can say it is live.
  const fresh = data !== undefined && dataUpdatedAt > tracking.startedAt;
  const live = fresh && isLive(data, tracking.target);
  const error = data?.lastError;
  return (
    <div className="publish" role="status" aria-label={t('publish.label')}>
      <span className={`pill ${live ? 'pill--live' : 'pill--pending'}`} data-testid="publish-pill">
        <span className="pill__dot" aria-hidden="true" />
        {live ? t('publish.live', { time: formatTime(data.lastBuildAt ?? new Date()) }) : t('publish.publishing')}
      </span>
      {error ? (
        <span className="pill pill--error" title={error}>
          {t('publish.failed', { error })}
        </span>
      ) : null}
    </div>
  );
}
