/**
 * Publishing: every save of public content records a publish job; `GET /publish/status` tells
 * when the site has caught up and which jobs were set aside after their retries failed. The
 * admin shell watches the status at a calm pace; after a save, `trackPublish()` remembers the
 * newest job id at that moment, and the watch speeds up until that job (or every job) is done.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { request } from './api-client';
import { PUBLISH_POLL_MS, PUBLISH_WATCH_MS } from '@/config/constants';

/**
 * What a publish job is for: the API's resource names that have words of their own; a kind
 * declared since is named from `GET /kinds`.
 */
export const PUBLISH_RESOURCES = ['service', 'service_item', 'blog', 'review', 'banner', 'general_content', 'site'] as const;
export type PublishResource = (typeof PUBLISH_RESOURCES)[number];

export const isPublishResource = (resource: string): resource is PublishResource => (PUBLISH_RESOURCES as readonly string[]).includes(resource);

/** A job set aside after its retries failed; it stays out of `pendingJobs` until retried. */
export type FailedPublishJob = {
  id: number;
  /** A `PublishResource`, or a declared kind's resource. */
  resource: string;
  resourceId: number;
  action: 'upsert' | 'delete';
  attempts: number;
  lastError: string | null;
  failedAt: string | null;
};

export type PublishStatus = {
  pendingJobs: number;
  latestJobId: number | null;
  lastDoneJobId: number | null;
  lastBuildAt: string | null;
  lastError: string | null;
  /** Newest first. */
  failedJobs: FailedPublishJob[];
  /** Files whose copies at the CDN are still to be purged (retries included). */
  pendingPurges?: number;
  /** Of those, the ones the CDN refused several times (still retried). */
  failedPurges?: number;
  lastPurgeError?: string | null;
};

export async function getPublishStatus(): Promise<PublishStatus> {
  const body = await request<{ responseBody: PublishStatus }>('/publish/status');
  return { ...body.responseBody, failedJobs: body.responseBody.failedJobs ?? [] };
}

export const publishStatusQueryOptions = () =>
  queryOptions({ queryKey: ['publish-status'], queryFn: getPublishStatus, staleTime: 0 });

/** A save being watched: `target` is the newest job id once known. */
export type Tracking = { target: number | null; startedAt: number };

let tracking: Tracking | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function isLive(status: PublishStatus, target: number | null): boolean {
  if (status.pendingJobs === 0) return true;
  return target !== null && status.lastDoneJobId !== null && status.lastDoneJobId >= target;
}

/** Call after a committed write to public content. */
export async function trackPublish(): Promise<void> {
  tracking = { target: null, startedAt: Date.now() };
  emit();
  try {
    const status = await getPublishStatus();
    if (tracking) tracking = { ...tracking, target: status.latestJobId };
  } catch {
    // The pill's own polling reports the state; a failed first look changes nothing.
  }
  emit();
}

export function resetPublishTracking(): void {
  tracking = null;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePublishTracking(): Tracking | null {
  return useSyncExternalStore(subscribe, () => tracking);
}

/**
 * The status, watched for as long as the admin shell is open: every `PUBLISH_WATCH_MS`, and every
 * `PUBLISH_POLL_MS` while a save being tracked is not yet live. Call it once, in the shell; only
 * those who may read content (`enabled`) watch it.
 */
export function usePublishStatus(active: Tracking | null, enabled = true) {
  const query = useQuery({
    ...publishStatusQueryOptions(),
    enabled,
    refetchInterval: (query) => {
      const data = query.state.data;
      const caughtUp = !active || (data && isLive(data, active.target) && query.state.dataUpdatedAt > active.startedAt);
      return caughtUp ? PUBLISH_WATCH_MS : PUBLISH_POLL_MS;
    },
  });
  // A save starts a watch: look at once rather than at the next tick.
  const { refetch } = query;
  const startedAt = active?.startedAt;
  useEffect(() => {
    if (enabled && startedAt !== undefined) void refetch();
  }, [enabled, startedAt, refetch]);
  return query;
}
