/**
 * Publishing: every save of public content records a publish job; `GET /publish/status` tells
 * when the site has caught up. After a save, `trackPublish()` remembers the newest job id at
 * that moment, and the status pill polls until that job (or every job) is done.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { request } from './api-client';
import { PUBLISH_POLL_MS } from '@/config/constants';

export type PublishStatus = {
  pendingJobs: number;
  latestJobId: number | null;
  lastDoneJobId: number | null;
  lastBuildAt: string | null;
  lastError: string | null;
};

export async function getPublishStatus(): Promise<PublishStatus> {
  const body = await request<{ responseBody: PublishStatus }>('/publish/status');
  return body.responseBody;
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

/** The status while a save is being watched; polls until it is live. */
export function usePublishStatus(active: Tracking | null) {
  return useQuery({
    ...publishStatusQueryOptions(),
    enabled: active !== null,
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && active && isLive(data, active.target) && query.state.dataUpdatedAt > active.startedAt
        ? false
        : PUBLISH_POLL_MS;
    },
  });
}
