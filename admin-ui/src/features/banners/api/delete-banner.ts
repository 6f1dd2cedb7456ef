import { remove } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/mutations';
import { bannerKeys } from '../types';

export const deleteBanner = (id: number) => remove(`/flashy-banner/flashy-banner-delete/${id}`);

export const useDeleteBanner = () => useInvalidatingMutation(deleteBanner, bannerKeys.all);
