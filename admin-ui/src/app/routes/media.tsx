import { MediaPage } from '@/features/media';

export default MediaPage;
