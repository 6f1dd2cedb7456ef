export { TodayPage } from './components/today-page';
