export { TranslationsPage } from './components/translations-page';
