/** The desk's airport requests: the list (`/airportrequests`) and one request (`/airportrequests/{id}`). */
import { useTranslation } from 'react-i18next';
import { DetailsList, type DetailItem } from '@/components/ui/details-list';
import type { TKey } from '@/locales/types';
import { airportKind } from '../kinds';
import { placesOf } from '../places';
import type { AirportRequest } from '../types';
import { InboxList } from './inbox-list';
import { ItemPage } from './item-page';
import { PhoneLinks } from './phone-links';

/** The flight's own day as typed (`2099-12-01` → `01-12-2099`): a local date at the airport, never shifted. */
export function flightDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date ?? '');
  return match ? `${match[3]}-${match[2]}-${match[1]}` : (date ?? '');
}

/** A value of a known list in words, or as sent when the admin does not know it. */
function useOption() {
  const { t, i18n } = useTranslation();
  return (prefix: string, value: string | number | null | undefined): string => {
    const text = String(value ?? '');
    const key = `${prefix}.${text}`;
    return text && i18n.exists(key) ? t(key as TKey) : text;
  };
}

export function AirportInbox() {
  const { t, i18n } = useTranslation();
  const option = useOption();
  return (
    <InboxList<AirportRequest>
      kind={airportKind}
      about={{
        key: 'request',
        header: t('inbox.columns.request'),
        width: 'wide',
        cell: (r) => (
          <span className="about-cell request-cell">
            <span className="request-cell__ref">
              <bdi dir="ltr">{r.reference}</bdi>
            </span>
            <span className="request-cell__flight">
              {option('airport.directions', r.departureArrival)} · <bdi>{placesOf(r, i18n.language).airport}</bdi> · <bdi dir="ltr">{r.flightNumber}</bdi>
            </span>
            <span className="request-cell__when">
              <bdi dir="ltr">{`${flightDate(r.date)} ${r.time}`.trim()}</bdi>
            </span>
          </span>
        ),
      }}
    />
  );
}

function Block({ id, title, items }: { id: string; title: string; items: DetailItem[] }) {
  return (
    <section className="desk-words__block" aria-labelledby={id}>
      <h3 id={id} className="desk-words__heading">
        {title}
      </h3>
      <DetailsList items={items} />
    </section>
  );
}

/** The request as the client sent it: nothing here can be changed. */
function AirportWords({ request: r }: { request: AirportRequest }) {
  const { t, i18n } = useTranslation();
  const option = useOption();
  const passenger = r.passengerDetails ?? { title: '', fullName: '', mobile: '', email: '' };
  const places = placesOf(r, i18n.language);
  const services = Array.isArray(r.services) ? r.services : [];
  return (
    <section className="card desk-words" aria-labelledby="desk-words-title">
      <h2 id="desk-words-title" className="desk-card__title">
        {t('airport.words')}
      </h2>
      <Block
        id="airport-flight"
        title={t('airport.flight')}
        items={[
          { label: t('airport.fields.reference'), value: <span dir="ltr">{r.reference}</span> },
          { label: t('airport.fields.departureArrival'), value: option('airport.directions', r.departureArrival) },
          { label: t('airport.fields.date'), value: <span dir="ltr">{`${flightDate(r.date)} ${r.time}`.trim()}</span> },
          { label: t('airport.fields.flightNumber'), value: <span dir="ltr">{r.flightNumber}</span> },
          { label: t('airport.fields.airport'), value: <bdi>{places.airport}</bdi> },
          { label: t('airport.fields.terminal'), value: <bdi>{places.terminal}</bdi> },
          { label: t('airport.fields.city'), value: <bdi>{places.city}</bdi> },
          { label: t('airport.fields.country'), value: <bdi>{places.country}</bdi> },
        ]}
      />
      <section className="desk-words__block" aria-labelledby="airport-services">
        <h3 id="airport-services" className="desk-words__heading">
          {t('airport.fields.services')}
        </h3>
        <ul className="service-chips">
          {services.map((service) => (
            <li key={service} className="service-chip">
              {option('airport.services', service)}
            </li>
          ))}
        </ul>
      </section>
      <Block
        id="airport-passenger"
        title={t('airport.passenger')}
        items={[
          { label: t('airport.fields.fullName'), value: <bdi>{[option('airport.titles', passenger.title), passenger.fullName].filter(Boolean).join(' ')}</bdi> },
          { label: t('airport.fields.mobile'), value: <PhoneLinks phone={passenger.mobile} /> },
          { label: t('airport.fields.email'), value: <a href={`mailto:${passenger.email}`} dir="ltr">{passenger.email}</a> },
          { label: t('inbox.sentFrom'), value: t(r.lang === 'ar' ? 'inbox.lang.arPage' : 'inbox.lang.enPage') },
        ]}
      />
      {r.meetGreet ? (
        <Block
          id="airport-meet"
          title={t('airport.services.meetGreet')}
          items={[
            { label: t('airport.fields.meetingPoint'), value: <span dir="auto">{r.meetGreet.meetingPoint}</span> },
            { label: t('airport.fields.signageName'), value: <span dir="auto">{r.meetGreet.signageName}</span> },
            { label: t('airport.fields.numPassengers'), value: String(r.meetGreet.numPassengers ?? '') },
            { label: t('airport.fields.language'), value: option('airport.languages', r.meetGreet.language) },
            { label: t('airport.fields.assistance'), value: <span className="pre-line" dir="auto">{r.meetGreet.assistence}</span> },
          ]}
        />
      ) : null}
      {r.porterService ? (
        <Block
          id="airport-porter"
          title={t('airport.services.porter')}
          items={[
            { label: t('airport.fields.bags'), value: String(r.porterService.bags ?? '') },
            { label: t('airport.fields.bagType'), value: option('airport.bagTypes', r.porterService.bagType) },
            { label: t('airport.fields.pickup'), value: <span dir="auto">{r.porterService.pickup}</span> },
            { label: t('airport.fields.drop'), value: <span dir="auto">{r.porterService.drop}</span> },
            { label: t('airport.fields.trolleyAssist'), value: option('airport.answers', r.porterService.trolleyAssist) },
            { label: t('airport.fields.timeSlot'), value: <span dir="ltr">{r.porterService.timeSlot}</span> },
          ]}
        />
      ) : null}
    </section>
  );
}

export function AirportDetail({ id }: { id: number }) {
  const option = useOption();
  return (
    <ItemPage<AirportRequest>
      kind={airportKind}
      id={id}
      heading={airportKind.itemName}
      subheading={(r) => <bdi>{[option('airport.titles', r.passengerDetails?.title), r.passengerDetails?.fullName].filter(Boolean).join(' ')}</bdi>}
      words={(r) => <AirportWords request={r} />}
    />
  );
}
