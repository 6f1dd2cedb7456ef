/**
 * What the signed-in administrator may do (ARCHITECTURE.md, "Roles and permissions"). The server
 * sends the permissions of the account's role with `GET /account`; the admin decides from them
 * alone which screens, menu entries and buttons to show (the role table lives on the server).
 * The shell provides them; `usePermissions().can('content.publish')` reads them anywhere below.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { paths } from '@/config/paths';

export const ROLES = ['owner', 'editor', 'contributor', 'translator', 'enquiries'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  'content.read',
  'content.create',
  'content.edit',
  'content.publish',
  'content.delete',
  'content.import',
  'translations',
  'review',
  'media.upload',
  'media.manage',
  'publishing.retry',
  'enquiries.read',
  'enquiries.edit',
  'enquiries.delete',
  'subscriptions.read',
  'subscriptions.delete',
  'team',
  'audit',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export type Can = (permission: Permission) => boolean;

/**
 * `can` over the permissions the server listed. The admin and the server ship together, so an
 * account read without them is a fault: nothing is allowed (the server would refuse it anyway).
 */
export function permissionsFrom(granted: readonly string[] | undefined): Can {
  const set = new Set(granted ?? []);
  return (permission) => set.has(permission);
}

/**
 * Who may edit content but not create it may change only its Arabic twins (`*_ar`): the other
 * fields of a content form are shown read-only.
 */
export const editsArabicOnly = (can: Can) => can('content.edit') && !can('content.create');

/** What a dashboard and its form need: the list, the add form, the edit form, Delete. */
export type Access = { read: Permission; create: Permission; edit: Permission; delete: Permission };

export const ACCESS = {
  content: { read: 'content.read', create: 'content.create', edit: 'content.edit', delete: 'content.delete' },
  // An enquiry taken by phone is added by whoever may edit enquiries; an enquiry's page (the
  // desk's detail) opens to whoever may read them, its controls need `enquiries.edit`.
  enquiries: { read: 'enquiries.read', create: 'enquiries.edit', edit: 'enquiries.read', delete: 'enquiries.delete' },
  // `addsubscription` only says that subscriptions come from the website.
  subscriptions: { read: 'subscriptions.read', create: 'subscriptions.read', edit: 'subscriptions.read', delete: 'subscriptions.delete' },
} as const satisfies Record<string, Access>;

/** Each dashboard, its form (`{form}` adds, `{form}/{id}` edits) and what they need. */
const FEATURES: [dashboard: string, form: string, access: Access][] = [
  [paths.blogs, paths.addBlog, ACCESS.content],
  [paths.services, paths.addService, ACCESS.content],
  [paths.reviews, paths.addReview, ACCESS.content],
  [paths.banners, paths.addBanner, ACCESS.content],
  [paths.serviceLists, paths.addServiceList, ACCESS.content],
  [paths.generalContent, paths.addGeneralContent, ACCESS.content],
  [paths.contacts, paths.addContact, ACCESS.enquiries],
  [paths.subscriptions, paths.addSubscription, ACCESS.subscriptions],
];

/** The other screens; the account page is every administrator's. */
const PAGES: Record<string, Permission | null> = {
  [paths.airportRequests]: 'enquiries.read',
  [paths.team]: 'team',
  [paths.audit]: 'audit',
  [paths.lifecycle]: 'content.read',
  // The Arabic still to write or to read again; whoever works on it opens its items' forms.
  [paths.translations]: 'translations',
  // What contributors and translators submitted, for those who publish it or return it.
  [paths.review]: 'review',
  // The media library: browsing and uploading; its alt text, focal points, delete and trash need `media.manage`.
  [paths.media]: 'media.upload',
  [paths.account]: null,
  // What needs each administrator today: every role has one.
  [paths.today]: null,
};

/**
 * The permission the screen at `pathname` needs: `null` when every administrator may open it,
 * `undefined` when no screen is there (the shell's Not found).
 */
export function screenPermission(pathname: string): Permission | null | undefined {
  const [, first = '', id] = pathname.split('/');
  const base = `/${first}`;
  for (const [dashboard, form, access] of FEATURES) {
    if (base === dashboard) return access.read;
    if (base === form) return id === undefined || id === '' ? access.create : access.edit;
  }
  if (base === paths.content) return kindScreen(pathname);
  return PAGES[base];
}

/**
 * The screens of a kind without its own, `/content/{kind}[/new | /{id}]`: content's, whatever the
 * kind (an unknown one says Not found once the kinds are read).
 */
function kindScreen(pathname: string): Permission | undefined {
  const [, , kind, item] = pathname.split('/');
  if (!kind) return undefined;
  if (item === undefined || item === '') return ACCESS.content.read;
  return item === 'new' ? ACCESS.content.create : ACCESS.content.edit;
}

/** Whether the screen at `pathname` may be opened (an unknown path may: it says Not found). */
export function mayOpen(can: Can, pathname: string): boolean {
  const needed = screenPermission(pathname);
  return needed === null || needed === undefined || can(needed);
}

/**
 * Where an administrator starts. Those who publish (owners, editors) at Blogs, where the
 * specification's sign-in goes; everyone else, whose work is handed to them (contributors,
 * translators, the desk), at Today, which says what needs them.
 */
export function landingPath(can: Can, menu: readonly string[]): string {
  const first = can('content.publish') ? [paths.blogs] : [paths.today];
  return [...first, ...menu].find((path) => mayOpen(can, path)) ?? paths.account;
}

/** The signed-in administrator: what they may do and their user name (`Assign to me`). */
type SignedIn = { can: Can; username: string | null };

const PermissionsContext = createContext<SignedIn>({ can: () => false, username: null });

export function PermissionsProvider({ can, username = null, children }: { can: Can; username?: string | null; children: ReactNode }) {
  const value = useMemo(() => ({ can, username }), [can, username]);
  return <PermissionsContext.Provider value={value}>{children}</PermissionsContext.Provider>;
}

/** What the signed-in administrator may do, and who they are; nothing outside the signed-in shell. */
export function usePermissions(): SignedIn {
  return useContext(PermissionsContext);
}
