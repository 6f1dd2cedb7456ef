/** Every admin route, relative to the router's `/admin` basename. */
export const paths = {
  login: '/login',
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
  /** The media library; `?item=<name>` opens one file's panel. */
  media: '/media',
  /** The screens of each kind the server declares that has none of its own (`kindPath`). */
  content: '/content',
} as const;

/** `/addblog` in add mode, `/addblog/7` in edit mode. */
export function formPath(base: string, id?: number | string): string {
  return id === undefined ? base : `${base}/${id}`;
}

/** The list of a kind without screens of its own: `/content/destination`. */
export const kindPath = (kind: string) => `${paths.content}/${kind}`;

/** Its form: `/content/destination/new` adds, `/content/destination/7` edits. */
export const kindFormPath = (kind: string, id?: number) => `${kindPath(kind)}/${id ?? 'new'}`;
