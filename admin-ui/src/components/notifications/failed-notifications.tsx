/**
 * Notifications of new enquiries that are not getting through: a calm pill in the top bar ("2
 * notifications could not be sent", or "Notifications are waiting" while sends keep failing) that
 * opens a panel with the last error and a list naming each message set aside, its error, when it
 * was set aside and a link to its enquiry. There is no retry: the server offers none.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formPath, paths } from '@/config/paths';
import { editPath } from '../lifecycle/api';
import { formatDateTime } from '@/lib/dates';
import { isWaiting, type FailedNotification, type NotificationStatus } from '@/lib/notification-status';
import { ButtonLink } from '../ui/button';
import { Dialog } from '../ui/dialog';

export function FailedNotifications({ status }: { status: NotificationStatus | undefined }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const failed = status?.failed ?? [];
  const waiting = status !== undefined && isWaiting(status);
  const count = failed.length;
  const summary =
    count === 1
      ? t('notifications.countOne')
      : count > 1
        ? t('notifications.countMany', { count })
        : waiting
          ? t('notifications.waiting')
          : null;
  const close = () => setOpen(false);
  return (
    // A live region that is always there, so an alert appearing or changing is announced.
    <div className="publish-failures" role="status">
      {summary ? (
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
      <Dialog open={open} title={t('notifications.title')} onClose={close}>
        {waiting && status ? (
          <div className="failed-notifications__waiting">
            <p>{status.pending === 1 ? t('notifications.pendingOne') : t('notifications.pendingMany', { count: status.pending })}</p>
            {/* The sender's own words, in English. */}
            <p className="failed-jobs__error" lang="en" dir="ltr">
              {status.lastError}
            </p>
          </div>
        ) : null}
        {count > 0 ? (
          <>
            <p className="failed-jobs__intro">{t('notifications.intro')}</p>
            <ul className="failed-jobs">
              {failed.map((message) => (
                <FailedNotificationRow key={message.id} message={message} onOpen={close} />
              ))}
            </ul>
          </>
        ) : null}
        {!waiting && count === 0 ? <p>{t('notifications.none')}</p> : null}
      </Dialog>
    </div>
  );
}

/** Where the message's subject is: its enquiry, or (a review's email) its item's form. */
function whereIs(message: FailedNotification): string {
  const kind = message.enquiryKind;
  if (kind === 'airport_request') return formPath(paths.airportRequests, message.enquiryId);
  if (kind === undefined || kind === 'contact') return formPath(paths.addContact, message.enquiryId);
  return editPath(kind, message.enquiryId);
}

function FailedNotificationRow({ message, onOpen }: { message: FailedNotification; onOpen: () => void }) {
  const { t } = useTranslation();
  const id = message.enquiryId;
  const name = t(`notifications.kinds.${message.kind}`, { id, defaultValue: t('notifications.kinds.other', { id }) });
  return (
    <li className="failed-jobs__item">
      <div className="failed-jobs__text">
        <p className="failed-jobs__name">{name}</p>
        {message.lastError ? (
          <p className="failed-jobs__error" lang="en" dir="ltr">
            {message.lastError}
          </p>
        ) : (
          <p className="failed-jobs__error">{t('notifications.noError')}</p>
        )}
        <p className="failed-jobs__when">
          {t('notifications.failedAt', { date: formatDateTime(message.failedAt) || '—', attempts: message.attempts })}
        </p>
      </div>
      <ButtonLink
        variant="secondary"
        className="btn--small"
        to={whereIs(message)}
        aria-label={t('notifications.openItem', { id })}
        onClick={onOpen}
      >
        {t('notifications.open')}
      </ButtonLink>
    </li>
  );
}
