import { AccountPage } from '@/features/account';

export default AccountPage;
