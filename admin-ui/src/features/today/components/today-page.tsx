/**
 * "Today", the start page (ARCHITECTURE.md, "Review and translation"; `GET /account/today`): what
 * needs the signed-in administrator, as their role sees it. A tile for each part says how many;
 * below, the changes waiting for review (editors, owners), the Arabic to write (translators,
 * editors, owners), the new enquiries (the desk, owners) and their own unfinished work — what came
 * back from review first, with the editor's note. Every item opens its form. The live events keep
 * it current: a count that moves (something submitted, returned, published, translated, a new
 * enquiry) reads it again; not every save, which would have each open page read the whole
 * translations worklist at every save anyone makes.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ARABIC_TAB_STATE } from '@/components/form/language-tabs';
import { editPath } from '@/components/lifecycle/api';
import { Page } from '@/components/layouts/page';
import { QueryResult } from '@/components/ui/query-result';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatDateTime } from '@/lib/dates';
import { inLanguage } from '@/lib/kinds';
import { useLiveCounts } from '@/lib/live-events';
import { usePermissions } from '@/lib/permissions';
import { useToday } from '../api/get-today';
import type { Brief, Today } from '../types';

export function TodayPage() {
  const { t } = useTranslation();
  const { username } = usePermissions();
  useDocumentTitle(t('today.title'));
  const today = useToday();
  useLiveRefresh(today.refetch);
  return (
    <Page title={t('today.title')}>
      <p className="page__toolbar muted">{username ? t('today.intro', { name: username }) : t('today.introNoName')}</p>
      <QueryResult query={today}>{today.data ? <Parts today={today.data} /> : null}</QueryResult>
    </Page>
  );
}

/** Reads the page again when the live events' counts move (not on their first counts). */
function useLiveRefresh(refetch: () => unknown) {
  const live = useLiveCounts();
  const seen = useRef(live);
  useEffect(() => {
    const before = seen.current;
    seen.current = live;
    const told = before.review !== undefined || before.translations !== undefined || before.inbox !== undefined;
    if (told && (before.review !== live.review || before.translations !== live.translations || before.inbox !== live.inbox)) void refetch();
  }, [live, refetch]);
}

function Parts({ today }: { today: Today }) {
  const { t } = useTranslation();
  const { counts, waiting, translations, mine } = today;
  const returned = mine?.filter((brief) => brief.state === 'returned').length ?? 0;
  return (
    <div className="today">
      <ul className="today__tiles" aria-label={t('today.summary')}>
        {mine ? (
          <Tile to="#today-mine" count={mine.length} label={t('today.mine.tile')} note={returned > 0 ? t('today.mine.returnedCount', { count: returned }) : undefined} urgent={returned > 0} />
        ) : null}
        {waiting ? <Tile to={paths.review} count={counts.review ?? waiting.length} label={t('nav.review')} /> : null}
        {translations ? <Tile to={paths.translations} count={counts.translations ?? translations.length} label={t('today.translations.tile')} /> : null}
        {counts.inbox !== undefined ? (
          <Tile
            to={paths.contacts}
            count={counts.inbox}
            label={t('today.enquiries.tile')}
            note={today.overdue ? t('today.enquiries.overdue', { count: today.overdue }) : undefined}
            urgent={Boolean(today.overdue)}
          />
        ) : null}
      </ul>
      <div className="today__parts">
        {mine ? (
          <Part id="today-mine" title={t('today.mine.title')} empty={t('today.mine.empty')} hint={t('today.mine.emptyHint')}>
            {mine.map((brief) => (
              <Item key={`${brief.kind}:${brief.id}`} brief={brief} />
            ))}
          </Part>
        ) : null}
        {waiting ? (
          <Part title={t('review.title')} empty={t('review.nothing')} more={more(counts.review, waiting.length)} open={{ to: paths.review, label: t('today.open.review') }}>
            {waiting.map((brief) => (
              <Item key={`${brief.kind}:${brief.id}`} brief={brief} />
            ))}
          </Part>
        ) : null}
        {translations ? (
          <Part
            title={t('today.translations.title')}
            empty={t('translations.empty')}
            more={more(counts.translations, translations.length)}
            open={{ to: paths.translations, label: t('today.open.translations') }}
          >
            {translations.map((brief) => (
              <Item key={`${brief.kind}:${brief.id}`} brief={brief} arabic />
            ))}
          </Part>
        ) : null}
        {counts.inbox !== undefined ? <Enquiries fresh={counts.inbox} overdue={today.overdue ?? 0} /> : null}
      </div>
    </div>
  );
}

/** How many a part holds beyond those it lists. */
const more = (count: number | undefined, shown: number) => Math.max((count ?? shown) - shown, 0);

type TileProps = { to: string; count: number; label: string; note?: string; urgent?: boolean };

/** A count and what it counts, leading to where the work is. */
function Tile({ to, count, label, note, urgent = false }: TileProps) {
  const inner = (
    <>
      <span className="today__tile-count">{count}</span>
      <span className="today__tile-label">{label}</span>
      {note ? <span className="today__tile-note">{note}</span> : null}
    </>
  );
  const className = `today__tile${urgent ? ' today__tile--urgent' : ''}${count === 0 ? ' today__tile--clear' : ''}`;
  return (
    <li>
      {to.startsWith('#') ? (
        <a className={className} href={to}>
          {inner}
        </a>
      ) : (
        <Link className={className} to={to}>
          {inner}
        </Link>
      )}
    </li>
  );
}

type PartProps = {
  id?: string;
  title: string;
  empty: string;
  hint?: string;
  /** How many more there are than it lists. */
  more?: number;
  /** The page where all of them are. */
  open?: { to: string; label: string };
  children: ReactNode[];
};

/** A part of the day's work: its items, or a line saying there are none. */
function Part({ id, title, empty, hint, more = 0, open, children }: PartProps) {
  const { t } = useTranslation();
  const heading = useId();
  return (
    <section className="card today__part" id={id} aria-labelledby={heading}>
      <h2 className="today__part-title" id={heading}>
        {title}
      </h2>
      {children.length === 0 ? (
        <div className="today__empty">
          <p>{empty}</p>
          {hint ? <p className="muted">{hint}</p> : null}
        </div>
      ) : (
        <ul className="today__items">{children}</ul>
      )}
      {open && (children.length > 0 || more > 0) ? (
        <p className="today__open">
          <Link to={open.to}>{more > 0 ? t('today.open.more', { label: open.label, count: more }) : open.label}</Link>
        </p>
      ) : null}
    </section>
  );
}

/** The locale key of an item's state in words, and its badge's colour. */
const STATES = {
  returned: ['review.states.returned', 'review-returned'],
  waiting: ['review.states.waiting', 'review-waiting'],
  missing: ['translations.states.missing', 'missing'],
  outdated: ['translations.states.outdated', 'outdated'],
  pending: ['lifecycle.pending', 'pending'],
  draft: ['lifecycle.standing.draft', 'draft'],
} as const;

/** One item: what it is, its title (which opens its form), its state, and who and when. */
function Item({ brief, arabic = false }: { brief: Brief; arabic?: boolean }) {
  const { t, i18n } = useTranslation();
  const one = inLanguage(brief.one, i18n.language);
  const title = brief.title?.trim() || `${one} #${brief.id}`;
  const [words, badge] = STATES[brief.state] ?? STATES.draft;
  const at = brief.at ? formatDateTime(brief.at) : null;
  const fields = brief.fields.map((label) => inLanguage(label, i18n.language)).join(i18n.language === 'ar' ? '، ' : ', ');
  let when: string | null = null;
  if (brief.state === 'returned' && at) when = t('review.returnedBy', { by: brief.by ?? t('review.someone'), at });
  else if (brief.state === 'waiting' && at) when = brief.by ? t('review.submittedBy', { by: brief.by, at }) : t('today.submittedOn', { at });
  else if (brief.state === 'outdated' && at) when = t('today.englishChanged', { at });
  else if ((brief.state === 'draft' || brief.state === 'pending') && at) when = t('today.savedOn', { at });
  return (
    <li className={`today__item${brief.state === 'returned' ? ' today__item--returned' : ''}`}>
      <p className="today__item-head">
        <span className="today__kind">{one}</span>
        <span className={`status-badge status-badge--${badge}`}>{t(words)}</span>
      </p>
      <h3 className="work-title">
        <Link to={editPath(brief.kind, brief.id)} state={arabic ? ARABIC_TAB_STATE : undefined}>
          <bdi>{title}</bdi>
        </Link>
      </h3>
      {when ? <p className="today__when">{when}</p> : null}
      {brief.note ? (
        <blockquote className="today__note">
          <bdi>{brief.note}</bdi>
        </blockquote>
      ) : null}
      {fields ? <p className="today__fields muted">{t('today.fields', { fields })}</p> : null}
    </li>
  );
}

/** The desk's part: how many enquiries are new, how many of them waited over a day, and where they are. */
function Enquiries({ fresh, overdue }: { fresh: number; overdue: number }) {
  const { t } = useTranslation();
  const heading = useId();
  return (
    <section className="card today__part" aria-labelledby={heading}>
      <h2 className="today__part-title" id={heading}>
        {t('today.enquiries.title')}
      </h2>
      <div className="today__empty">
        <p>{fresh === 0 ? t('today.enquiries.none') : t('today.enquiries.fresh', { count: fresh })}</p>
        {overdue > 0 ? <p className="today__overdue">{t('today.enquiries.overdue', { count: overdue })}</p> : null}
      </div>
      <p className="today__open today__open--pair">
        <Link to={paths.contacts}>{t('today.open.contacts')}</Link>
        <Link to={paths.airportRequests}>{t('today.open.airport')}</Link>
      </p>
    </section>
  );
}
