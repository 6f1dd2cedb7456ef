import { ReviewPage } from '@/features/review';

export default ReviewPage;
