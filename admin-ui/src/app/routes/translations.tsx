import { TranslationsPage } from '@/features/translations';

export default TranslationsPage;
