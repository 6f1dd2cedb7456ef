import { TodayPage } from '@/features/today';

export default TodayPage;
