import type { Versioned } from '@/components/lifecycle/api';
import { remove } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/mutations';
import { bannerKeys } from '../types';

/** Deletes the banner as the list read it (`If-Match`): a 409 when it changed since. */
export const deleteBanner = ({ id, version }: Versioned) => remove(`/flashy-banner/flashy-banner-delete/${id}`, version);

export const useDeleteBanner = () => useInvalidatingMutation(deleteBanner, bannerKeys.all);
