import { queryOptions, useQuery } from '@tanstack/react-query';
import { request, type ListEnvelope } from '@/lib/api-client';
import type { Assignee } from '../types';

/**
 * `GET /inbox/assignees`: the active members who may be given an item (owners and the desk);
 * the desk's own list, since the desk may not read the team.
 */
export async function getAssignees(signal?: AbortSignal): Promise<Assignee[]> {
  const body = await request<ListEnvelope<Assignee>>('/inbox/assignees', { signal });
  return (body.responseBody?.result ?? []).filter((a) => typeof a?.username === 'string' && a.username !== '');
}

export const assigneesQueryOptions = () =>
  queryOptions({ queryKey: ['inbox-assignees'], queryFn: ({ signal }) => getAssignees(signal), staleTime: 60_000 });

export const useAssignees = (enabled = true) => useQuery({ ...assigneesQueryOptions(), enabled });
