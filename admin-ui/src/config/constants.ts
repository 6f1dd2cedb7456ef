/** Business constants of the specification (section 9) and the architecture page. */
export const PAGE_SIZE = 10;
/** The items a reference field offers (the first of its kind's list), and its column names. */
export const REFERENCE_OPTIONS_SIZE = 100;
export const REDIRECT_AFTER_SAVE_MS = 1000;
export const REDIRECT_AFTER_LOGIN_MS = 100;
/** The enforced upload limit (decision 3). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
export const UPLOAD_TYPES: Record<string, string[]> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
  'image/avif': ['.avif'],
  'image/svg+xml': ['.svg'],
  'video/mp4': ['.mp4'],
  'video/webm': ['.webm'],
  'video/ogg': ['.ogg', '.ogv'],
};
export const EXPORT_FILE_NAME = 'Contact_Us_List.xlsx';
/** The airport requests' spreadsheet, named like the contacts'. */
export const AIRPORT_EXPORT_FILE_NAME = 'Airport_Requests_List.xlsx';
/** How often the menu reads the desk's count of new enquiries and airport requests. */
export const INBOX_SUMMARY_MS = 60_000;
/** How long the inbox search waits after the last keystroke before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;
/** How often the publishing status is read while a save is on its way to the site. */
export const PUBLISH_POLL_MS = 1000;
/** How often it is read otherwise, so jobs that failed for good come to light. */
export const PUBLISH_WATCH_MS = 20_000;
/** How often the admin reads whether notifications of new enquiries are failing. */
export const NOTIFICATIONS_WATCH_MS = 20_000;
/** How often an uploaded image's state is read while its sizes are being made. */
export const MEDIA_POLL_MS = 1500;
/** After this many reads still pending, it is read less often. */
export const MEDIA_POLL_PATIENCE = 40;
export const MEDIA_POLL_SLOW_MS = 10_000;
/** Files per page of the media library (its grid and the image fields' picker). */
export const MEDIA_PAGE_SIZE = 24;
