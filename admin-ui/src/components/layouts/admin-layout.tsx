/**
 * The admin shell: side menu, top bar (publishing state and failures, notifications not sent,
 * language, logout) and the page. The menu and the top bar show only what the role may use.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { kindPath, paths } from '@/config/paths';
import { useInboxSummary, type InboxSummary } from '@/lib/inbox';
import { kindLabel } from '@/lib/kinds';
import { useNotificationStatus } from '@/lib/notification-status';
import { useLiveCounts } from '@/lib/live-events';
import { useReviewCount } from '@/lib/review-queue';
import { mayOpen, usePermissions } from '@/lib/permissions';
import { usePublishStatus, usePublishTracking } from '@/lib/publish-status';
import type { TKey } from '@/locales/types';
import { CloseIcon, LogoutIcon, MenuIcon, NavIcons } from '../icons/icons';
import { useGenericKinds } from '../lifecycle/kinds';
import { Logo } from '../ui/logo';
import { FailedNotifications } from '../notifications/failed-notifications';
import { FailedPublishJobs } from '../publish/failed-publish-jobs';
import { EdgePurgeWarning, PublishStatusPill } from '../publish/publish-status-pill';
import { LanguageSwitch } from './language-switch';

/** `desk`: an entry of the enquiry desk, shown together under the desk's count of new items. */
type NavItem = { to: string; label: TKey; icon: keyof typeof NavIcons; desk?: boolean };

/**
 * The specification's menu, in its order (the media library after the content dashboards whose
 * images it holds); each role sees the entries whose screens it may open.
 */
export const NAV_ITEMS: NavItem[] = [
  { to: paths.today, label: 'nav.today', icon: 'today' },
  { to: paths.services, label: 'nav.services', icon: 'services' },
  { to: paths.banners, label: 'nav.banners', icon: 'banners' },
  { to: paths.reviews, label: 'nav.reviews', icon: 'reviews' },
  { to: paths.contacts, label: 'nav.contacts', icon: 'contacts', desk: true },
  { to: paths.airportRequests, label: 'nav.airportRequests', icon: 'airport', desk: true },
  { to: paths.blogs, label: 'nav.blogs', icon: 'blogs' },
  { to: paths.serviceLists, label: 'nav.serviceLists', icon: 'serviceLists' },
  { to: paths.generalContent, label: 'nav.generalContent', icon: 'generalContent' },
  { to: paths.media, label: 'nav.media', icon: 'media' },
  { to: paths.subscriptions, label: 'nav.subscriptions', icon: 'subscriptions' },
  { to: paths.team, label: 'nav.team', icon: 'team' },
  { to: paths.review, label: 'nav.review', icon: 'review' },
  { to: paths.lifecycle, label: 'nav.lifecycle', icon: 'lifecycle' },
  { to: paths.translations, label: 'nav.translations', icon: 'translations' },
  { to: paths.audit, label: 'nav.audit', icon: 'audit' },
  { to: paths.account, label: 'nav.account', icon: 'account' },
];

/** An entry as the menu shows it, in the admin's language. */
type MenuEntry = Omit<NavItem, 'label'> & { name: string };

/**
 * The kinds the server declares with no screens of their own join the menu after the last
 * content dashboard, each under its declared name, with the icon of content in general.
 */
const DECLARED_AFTER = paths.generalContent;
const DECLARED_ICON: NavItem['icon'] = 'generalContent';

/** Which menu entry a form route belongs to (e.g. `/addblog/3` -> Blogs). */
const SECTION_OF: Record<string, string> = {
  [paths.addBlog]: paths.blogs,
  [paths.addService]: paths.services,
  [paths.addReview]: paths.reviews,
  [paths.addContact]: paths.contacts,
  [paths.addBanner]: paths.banners,
  [paths.addServiceList]: paths.serviceLists,
  [paths.addGeneralContent]: paths.generalContent,
  [paths.addSubscription]: paths.subscriptions,
};

/** The desk's count of new items, read as words ("3 new", and how many wait over a day). */
function NewCount({ summary }: { summary?: InboxSummary }) {
  const { t } = useTranslation();
  if (!summary || summary.new === 0) return null;
  const waiting = summary.waitingOver24h > 0;
  const words = waiting
    ? t('nav.newAndWaiting', { count: summary.new, waiting: summary.waitingOver24h })
    : t('nav.newCount', { count: summary.new });
  return (
    <span className={`nav-count${waiting ? ' nav-count--waiting' : ''}`} data-testid="inbox-count">
      <span aria-hidden="true">{summary.new}</span>
      <span className="visually-hidden">{words}</span>
    </span>
  );
}

/**
 * The whole menu: ours, and the declared kinds' entries (`/content/{kind}`) in their place; a
 * kind at its legacy paths keeps its entry where the specification's menu has it.
 */
function useMenuEntries(): MenuEntry[] {
  const { t, i18n } = useTranslation();
  const declared = useGenericKinds().filter((kind) => !NAV_ITEMS.some((item) => item.to === kindPath(kind.kind)));
  return NAV_ITEMS.flatMap(({ label, ...item }) => {
    const entry = { ...item, name: t(label) };
    if (item.to !== DECLARED_AFTER) return [entry];
    return [entry, ...declared.map((kind) => ({ to: kindPath(kind.kind), name: kindLabel(kind, i18n.language), icon: DECLARED_ICON }))];
  });
}

/** The menu entry the screen at `pathname` belongs to: a form's dashboard, a declared kind's list. */
function sectionOf(pathname: string): string | undefined {
  const [, first = '', kind] = pathname.split('/');
  return `/${first}` === paths.content && kind ? kindPath(kind) : SECTION_OF[`/${first}`];
}

/**
 * A menu entry; `count` (what waits there) shows at its end, and is read as the link's
 * description, not its name: the entry is called "Translations" however many wait.
 */
function NavEntry({ item, section, count }: { item: MenuEntry; section?: string; count?: { value?: number; words: string } }) {
  const Icon = NavIcons[item.icon];
  const countId = useId();
  const counted = count?.value ? count : undefined;
  return (
    <li className={counted ? 'nav-entry nav-entry--counted' : undefined}>
      <NavLink
        to={item.to}
        className={({ isActive }) => `nav-link${isActive || section === item.to ? ' nav-link--active' : ''}`}
        aria-current={section === item.to ? 'page' : undefined}
        aria-describedby={counted ? countId : undefined}
      >
        <Icon />
        <span>{item.name}</span>
      </NavLink>
      {counted ? (
        <span className="nav-count nav-entry__count" id={countId} data-testid={`count-${item.icon}`}>
          <span aria-hidden="true">{counted.value}</span>
          <span className="visually-hidden">{counted.words}</span>
        </span>
      ) : null}
    </li>
  );
}

type AdminLayoutProps = { children: ReactNode; onLogout: () => void; loggingOut: boolean; siteUrl?: string };

export function AdminLayout({ children, onLogout, loggingOut, siteUrl }: AdminLayoutProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const section = sectionOf(location.pathname);
  const { can } = usePermissions();
  const menu = useMenuEntries().filter((item) => mayOpen(can, item.to));
  const tracking = usePublishTracking();
  const publish = usePublishStatus(tracking, can('content.read'));
  const notifications = useNotificationStatus(can('enquiries.read'));
  const summary = useInboxSummary(can('enquiries.read'));
  const waiting = useReviewCount(can('review'));
  const live = useLiveCounts();
  /** The count beside an entry: what waits for review, what needs a translator. */
  const countOf = (to: string) =>
    to === paths.review
      ? { value: waiting.data, words: t('review.count', { count: waiting.data ?? 0 }) }
      : to === paths.translations
        ? { value: live.translations, words: t('translations.count', { count: live.translations ?? 0 }) }
        : undefined;
  const desk = menu.filter((item) => item.desk);

  useEffect(() => setMenuOpen(false), [location.pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <div className={`shell${menuOpen ? ' shell--menu-open' : ''}`}>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <aside className="sidebar" id="sidebar" aria-label={t('nav.label')}>
        <div className="sidebar__brand">
          <Logo name={t('app.name')} tagline={t('app.tagline')} />
          <button type="button" className="icon-btn sidebar__close" aria-label={t('nav.close')} onClick={() => setMenuOpen(false)}>
            <CloseIcon />
          </button>
        </div>
        <nav className="sidebar__nav">
          <ul>
            {menu.map((item) =>
              !item.desk ? (
                <NavEntry
                  key={item.to}
                  item={item}
                  section={section}
                  count={countOf(item.to)}
                />
              ) : item === desk[0] ? (
                <li key="desk" className="nav-group">
                  <p className="nav-group__label" id="nav-desk">
                    <span>{t('nav.desk')}</span>
                    <NewCount summary={summary.data} />
                  </p>
                  <ul aria-labelledby="nav-desk">
                    {desk.map((entry) => (
                      <NavEntry key={entry.to} item={entry} section={section} />
                    ))}
                  </ul>
                </li>
              ) : null,
            )}
          </ul>
        </nav>
        <div className="sidebar__footer">
          <button type="button" className="nav-link nav-link--button" onClick={onLogout} disabled={loggingOut}>
            <LogoutIcon />
            <span>{t('nav.logout')}</span>
          </button>
        </div>
      </aside>
      <div className="sidebar-scrim" aria-hidden="true" onClick={() => setMenuOpen(false)} />
      <div className="main-column">
        <header className="topbar">
          <button
            type="button"
            className="icon-btn topbar__menu"
            aria-label={t('nav.open')}
            aria-expanded={menuOpen}
            aria-controls="sidebar"
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon />
          </button>
          <div className="topbar__status">
            {can('content.read') ? (
              <>
                <PublishStatusPill tracking={tracking} status={publish.data} updatedAt={publish.dataUpdatedAt} />
                <FailedPublishJobs jobs={publish.data?.failedJobs ?? []} canRetry={can('publishing.retry')} />
                <EdgePurgeWarning status={publish.data} />
              </>
            ) : null}
            {can('enquiries.read') ? <FailedNotifications status={notifications.data} /> : null}
          </div>
          <div className="topbar__tools">
            {siteUrl ? (
              <a className="btn btn--ghost btn--small topbar__site" href={siteUrl} target="_blank" rel="noreferrer">
                {t('app.viewSite')}
              </a>
            ) : null}
            <LanguageSwitch />
          </div>
        </header>
        <main id="main" className="main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
