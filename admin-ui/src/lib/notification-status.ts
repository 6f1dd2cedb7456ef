/**
 * Notifications of new enquiries (an email to the staff, an acknowledgement to the visitor, a
 * webhook to the CRM): `GET /notifications/status` tells how many wait for a retry, the last
 * error, and which were set aside after their retries. The admin shell reads it at a calm pace.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './api-client';
import { NOTIFICATIONS_WATCH_MS } from '@/config/constants';

/** What a notification is: the API's kind names. */
export const NOTIFICATION_KINDS = ['staff_email', 'visitor_email', 'webhook', 'review_email'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A message set aside after its last attempt failed. */
export type FailedNotification = {
  id: number;
  kind: NotificationKind;
  enquiryId: number;
  /** What `enquiryId` names: a contact enquiry, an airport request, or (a review's email) a kind of content. */
  enquiryKind?: string;
  attempts: number;
  lastError: string | null;
  failedAt: string | null;
};

export type NotificationStatus = {
  /** Messages waiting to be sent, retries included. */
  pending: number;
  /** The most recent error of a message not yet sent. */
  lastError: string | null;
  /** Newest first. */
  failed: FailedNotification[];
};

export async function getNotificationStatus(): Promise<NotificationStatus> {
  const body = await request<{ responseBody: NotificationStatus }>('/notifications/status');
  const { pending, lastError, failed } = body.responseBody;
  return { pending: pending ?? 0, lastError: lastError ?? null, failed: failed ?? [] };
}

export const notificationStatusQueryOptions = () =>
  queryOptions({ queryKey: ['notification-status'], queryFn: getNotificationStatus, staleTime: 0 });

/** Messages wait for a retry because sending failed: pending ones with an error on record. */
export const isWaiting = (status: NotificationStatus) => status.pending > 0 && Boolean(status.lastError);

/**
 * The status, read every `NOTIFICATIONS_WATCH_MS` for as long as the admin shell is open, by those
 * who may read enquiries (`enabled`).
 */
export function useNotificationStatus(enabled = true) {
  return useQuery({ ...notificationStatusQueryOptions(), refetchInterval: NOTIFICATIONS_WATCH_MS, enabled });
}
