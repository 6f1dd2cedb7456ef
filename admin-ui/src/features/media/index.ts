export { MediaPage } from './components/media-page';
