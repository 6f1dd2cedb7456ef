import { useStatusFilter, type SetStatusFilter } from '@/components/data-table/use-list-filter';
import { isEnquiryStatus, type EnquiryFilter, type EnquiryStatus } from '../types';

/** The inbox filter, kept in the address (`?status=new&q=amira`) like every list's. */
export const useEnquiryFilter = (): [EnquiryFilter, SetStatusFilter<EnquiryStatus>] => useStatusFilter(isEnquiryStatus);
