import { AirportDetail, AirportInbox } from '@/features/inbox';
import { withId } from './with-id';

/** `/airportrequests/{id}`: one request at the desk (the desk files none: the site does). */
function AirportRoute({ id }: { id?: number }) {
  return id === undefined ? <AirportInbox /> : <AirportDetail id={id} />;
}

export const Dashboard = AirportInbox;
export const DetailRoute = withId(AirportRoute);
