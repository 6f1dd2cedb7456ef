/** `POST /publish/jobs/{id}/retry`: puts a publish job that was set aside back in the queue. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from './api-client';
import { publishStatusQueryOptions } from './publish-status';

export const retryPublishJob = (id: number) =>
  request<{ message?: string }>(`/publish/jobs/${id}/retry`, { method: 'POST', body: {} });

/** Whatever the answer, the status is read again: a job already retried elsewhere leaves the list too. */
export function useRetryPublishJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryPublishJob,
    onSettled: () => queryClient.invalidateQueries({ queryKey: publishStatusQueryOptions().queryKey }),
  });
}
