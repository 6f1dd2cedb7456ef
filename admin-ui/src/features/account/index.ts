export { AccountPage } from './components/account-page';
export { useAccount } from './api/get-account';
