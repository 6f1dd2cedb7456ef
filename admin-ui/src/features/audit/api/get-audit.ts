import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@/config/constants';
import { getPage } from '@/lib/api-client';
import { auditKeys, type AuditEntry, type AuditFilters } from '../types';

/** Newest first; `action` may name a family (`sign_in`). */
export const getAudit = (page: number, filters: AuditFilters, signal?: AbortSignal) =>
  getPage<AuditEntry>('/audit', page, PAGE_SIZE, signal, filters);

export const useAudit = (page: number, filters: AuditFilters) =>
  useQuery(
    queryOptions({
      queryKey: auditKeys.list(page, filters),
      queryFn: ({ signal }) => getAudit(page, filters, signal),
      placeholderData: keepPreviousData,
    }),
  );
