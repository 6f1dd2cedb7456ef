export { BannersDashboard } from './components/banners-dashboard';
export { BannerForm } from './components/banner-form';
