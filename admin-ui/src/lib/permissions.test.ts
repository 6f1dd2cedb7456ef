/** What each role may open, decided from the permissions the server lists (never from the role's name). */
import { paths } from '@/config/paths';
import { PERMISSIONS_OF } from '@/testing/roles';
import { editsArabicOnly, landingPath, mayOpen, permissionsFrom, screenPermission, type Role } from './permissions';

const can = (role: Role) => permissionsFrom(PERMISSIONS_OF[role]);
const menu = [paths.services, paths.banners, paths.contacts, paths.blogs, paths.subscriptions, paths.team, paths.audit, paths.account];

describe('permissions', () => {
  it('allows what the server listed and nothing else', () => {
    const allowed = permissionsFrom(['content.read', 'content.edit']);
    expect(allowed('content.read')).toBe(true);
    expect(allowed('content.publish')).toBe(false);
    expect(permissionsFrom([])('content.read')).toBe(false);
  });

  it('allows nothing when the account came without its permissions', () => {
    expect(permissionsFrom(undefined)('team')).toBe(false);
  });

  it.each([
    ['/blogs', 'content.read', 'a content dashboard needs content.read'],
    ['/addblog', 'content.create', 'an add form needs content.create'],
    ['/addblog/7', 'content.edit', 'an edit form needs content.edit'],
    ['/addservices/', 'content.create', 'a trailing slash is still the add form'],
    ['/schedule', 'content.read', 'the schedule and trash need content.read'],
    ['/translations', 'translations', 'the translations\' worklist needs translations'],
    ['/contactusdashboard', 'enquiries.read', 'enquiries need enquiries.read'],
    ['/addcontactus', 'enquiries.edit', 'filing an enquiry taken by phone needs enquiries.edit'],
    ['/addcontactus/3', 'enquiries.read', 'an enquiry at the desk opens to whoever reads them (its controls need enquiries.edit)'],
    ['/airportrequests', 'enquiries.read', 'airport requests need enquiries.read'],
    ['/airportrequests/3', 'enquiries.read', 'one airport request too'],
    ['/subscription', 'subscriptions.read', 'subscribers need subscriptions.read'],
    ['/team', 'team', 'the team needs team'],
    ['/audit', 'audit', 'the audit log needs audit'],
    ['/media', 'media.upload', 'the media library needs media.upload (its changes need media.manage)'],
    ['/content/destination', 'content.read', 'a declared kind\'s list needs content.read'],
    ['/content/destination/new', 'content.create', 'its add form needs content.create'],
    ['/content/destination/7', 'content.edit', 'its edit form needs content.edit'],
    ['/content', undefined, 'no kind is no screen (Not found)'],
    ['/account', null, 'every administrator has their account'],
    ['/nowhere', undefined, 'an unknown path is no screen (Not found)'],
  ] as const)('%s needs %s (%s)', (pathname, needed, _why) => {
    expect(screenPermission(pathname)).toBe(needed);
  });

  it.each([
    ['owner', ['/blogs', '/addblog', '/addblog/1', '/contactusdashboard', '/subscription', '/team', '/audit', '/media', '/account'], []],
    ['editor', ['/blogs', '/addblog', '/addblog/1', '/schedule', '/translations', '/media', '/account'], ['/contactusdashboard', '/airportrequests', '/airportrequests/2', '/subscription', '/team', '/audit']],
    ['contributor', ['/blogs', '/addblog', '/addblog/1', '/media', '/account'], ['/contactusdashboard', '/team', '/audit', '/translations']],
    ['translator', ['/blogs', '/addblog/1', '/schedule', '/translations', '/account'], ['/addblog', '/contactusdashboard', '/subscription', '/team', '/audit', '/media']],
    ['enquiries', ['/contactusdashboard', '/addcontactus/1', '/airportrequests', '/airportrequests/2', '/subscription', '/account'], ['/blogs', '/addblog/1', '/schedule', '/translations', '/team', '/audit', '/media']],
  ] as const)('the %s opens its screens and no other', (role, open, closed) => {
    for (const pathname of open) expect(mayOpen(can(role), pathname), pathname).toBe(true);
    for (const pathname of closed) expect(mayOpen(can(role), pathname), pathname).toBe(false);
  });

  it('starts those who publish at Blogs (the specification\'s sign-in) and everyone else at Today', () => {
    expect(landingPath(can('owner'), menu)).toBe(paths.blogs);
    expect(landingPath(can('editor'), menu)).toBe(paths.blogs);
    expect(landingPath(can('contributor'), menu)).toBe(paths.today);
    expect(landingPath(can('translator'), menu)).toBe(paths.today);
    expect(landingPath(can('enquiries'), menu)).toBe(paths.today);
    expect(landingPath(permissionsFrom([]), menu)).toBe(paths.today);
    for (const role of ['owner', 'editor', 'contributor', 'translator', 'enquiries'] as const) expect(mayOpen(can(role), paths.today), role).toBe(true);
  });

  it('holds to the Arabic twins whoever may edit content but not create it', () => {
    expect(editsArabicOnly(can('translator'))).toBe(true);
    expect(editsArabicOnly(can('contributor'))).toBe(false);
    expect(editsArabicOnly(can('editor'))).toBe(false);
    expect(editsArabicOnly(can('enquiries'))).toBe(false);
  });
});
