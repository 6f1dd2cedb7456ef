import { useAccount } from '@/features/account';
import { TeamPage } from '@/features/team';

/** The team page knows who is signed in, to keep their own row out of reach. */
export default function TeamRoute() {
  const account = useAccount();
  return <TeamPage me={account.data?.username} />;
}
