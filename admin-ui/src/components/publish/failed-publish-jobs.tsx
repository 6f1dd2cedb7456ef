/**
 * Publish jobs set aside after their retries failed: a calm pill in the top bar ("2 items could
 * not be published") that opens a list naming each item, its error and when it failed, with a
 * Retry button per job.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatDateTime } from '@/lib/dates';
import { failureText, serverText } from '@/lib/messages';
import { isPublishResource, trackPublish, type FailedPublishJob } from '@/lib/publish-status';
import { useRetryPublishJob } from '@/lib/retry-publish-job';
import { useKindName, useKindOfResource } from '../lifecycle/kinds';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';

/** `canRetry`: the administrator may send a job back to the queue (`publishing.retry`). */
export function FailedPublishJobs({ jobs, canRetry = true }: { jobs: FailedPublishJob[]; canRetry?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const count = jobs.length;
  const summary = count === 1 ? t('publish.notPublished.countOne') : t('publish.notPublished.countMany', { count });
  return (
    // A live region that is always there, so a count appearing or changing is announced.
    <div className="publish-failures" role="status">
      {count > 0 ? (
        <button
          type="button"
          className="pill pill--warning pill--button"
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen(true)}
        >
          <span className="pill__dot" aria-hidden="true" />
          {summary}
        </button>
      ) : null}
      <Dialog open={open} title={t('publish.notPublished.title')} onClose={() => setOpen(false)}>
        {count > 0 ? (
          <>
            <p className="failed-jobs__intro">{t('publish.notPublished.intro')}</p>
            <ul className="failed-jobs">
              {jobs.map((job) => (
                <FailedJobRow key={job.id} job={job} canRetry={canRetry} />
              ))}
            </ul>
          </>
        ) : (
          <p>{t('publish.notPublished.none')}</p>
        )}
      </Dialog>
    </div>
  );
}

function FailedJobRow({ job, canRetry }: { job: FailedPublishJob; canRetry: boolean }) {
  const { t } = useTranslation();
  const retry = useRetryPublishJob();
  const resourceName = useResourceName();
  const resource = resourceName(job.resource);
  const name = job.resource === 'site' ? resource : t('publish.notPublished.item', { resource, id: job.resourceId });

  const onRetry = () =>
    retry.mutate(job.id, {
      onSuccess: (answer) => {
        toast.success(serverText(answer?.message, t('publish.notPublished.retried')));
        void trackPublish();
      },
      onError: (error) => toast.error(failureText(error, t('publish.notPublished.retryFailed'))),
    });

  return (
    <li className="failed-jobs__item">
      <div className="failed-jobs__text">
        <p className="failed-jobs__name">
          {name}
          {job.action === 'delete' ? <span className="failed-jobs__action"> · {t('publish.notPublished.removal')}</span> : null}
        </p>
        {job.lastError ? (
          // The publisher's own words, in English.
          <p className="failed-jobs__error" lang="en" dir="ltr">
            {job.lastError}
          </p>
        ) : (
          <p className="failed-jobs__error">{t('publish.notPublished.noError')}</p>
        )}
        <p className="failed-jobs__when">
          {t('publish.notPublished.failedAt', { date: formatDateTime(job.failedAt) || '—', attempts: job.attempts })}
        </p>
      </div>
      {canRetry ? (
        <Button
          variant="secondary"
          className="btn--small"
          aria-label={t('publish.notPublished.retryItem', { item: name })}
          busy={retry.isPending}
          onClick={onRetry}
        >
          {t('publish.notPublished.retry')}
        </Button>
      ) : null}
    </li>
  );
}

/** A job's resource in words: ours from the locale, a declared kind's by its name, any other as sent. */
function useResourceName(): (resource: string) => string {
  const { t } = useTranslation();
  const kindOfResource = useKindOfResource();
  const kindName = useKindName();
  return (resource) => {
    if (isPublishResource(resource)) return t(`publish.notPublished.resources.${resource}`);
    const kind = kindOfResource(resource);
    return kind ? kindName(kind) : resource;
  };
}
