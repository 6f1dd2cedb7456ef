/** Every admin route, relative to the router's `/admin` basename. */
export const paths = {
  login: '/login',
  /** The start page: what needs the signed-in administrator today. */
  today: '/today',
  blogs: '/blogs',
  addBlog: '/addblog',
  services: '/servicesDashboard',
  addService: '/addservices',
  reviews: '/clientreviewdashboard',
  addReview: '/addclientreview',
  contacts: '/contactusdashboard',
  addContact: '/addcontactus',
  /** The desk's airport requests; `/airportrequests/{id}` is one request. */
  airportRequests: '/airportrequests',
  banners: '/bannerdashboard',
  addBanner: '/addbanner',
  serviceLists: '/serviceslist',
  addServiceList: '/addserviceslist',
  generalContent: '/generalContentDashboard',
  addGeneralContent: '/addgeneralContentDashboard',
  subscriptions: '/subscription',
  addSubscription: '/addsubscription',
  account: '/account',
  team: '/team',
  audit: '/audit',
  lifecycle: '/schedule',
  /** Every item whose Arabic is missing or older than its English; `?state=&kind=` filter it. */
  translations: '/translations',
  /** Every change waiting for an editor, the longest waiting first. */
  review: '/review',
  /** The media library; `?item=<name>` opens one file's panel. */
  media: '/media',
  /** The screens of each kind the server declares that has none of its own (`kindPath`). */
  content: '/content',
} as const;

/**
 * The kinds the generic screens serve at the paths their own screens had (the specification's,
 * which bookmarks and the menu keep): the list, and the form (`{form}` adds, `{form}/7` edits).
 * Any other kind is at `/content/{kind}`.
 */
export const LEGACY_PATHS: ReadonlyMap<string, { list: string; form: string }> = new Map([
  ['service', { list: paths.services, form: paths.addService }],
  ['client-review', { list: paths.reviews, form: paths.addReview }],
  ['general-content', { list: paths.generalContent, form: paths.addGeneralContent }],
  ['service-list', { list: paths.serviceLists, form: paths.addServiceList }],
]);

/** `/addblog` in add mode, `/addblog/7` in edit mode. */
export function formPath(base: string, id?: number | string): string {
  return id === undefined ? base : `${base}/${id}`;
}

/** The list of a kind without screens of its own: `/content/destination` (`/clientreviewdashboard` at its legacy path). */
export const kindPath = (kind: string) => LEGACY_PATHS.get(kind)?.list ?? `${paths.content}/${kind}`;

/** Its form: `/content/destination/new` adds, `/content/destination/7` edits (`/addclientreview`, `/addclientreview/7`). */
export function kindFormPath(kind: string, id?: number): string {
  const legacy = LEGACY_PATHS.get(kind);
  return legacy ? formPath(legacy.form, id) : `${paths.content}/${kind}/${id ?? 'new'}`;
}
