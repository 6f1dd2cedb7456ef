import { save } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/mutations';
import { bannerKeys, type Banner, type BannerInput } from '../types';
import { bannerBody } from './update-banner';

/** The body is an array holding the one banner. */
export const createBanner = (input: BannerInput) => save<Banner>('POST', '/flashy-banner', bannerBody(input));

export const useCreateBanner = () => useInvalidatingMutation(createBanner, bannerKeys.all);
