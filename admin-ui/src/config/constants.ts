/** Business constants of the specification (section 9) and the architecture page. */
export const PAGE_SIZE = 10;
export const PARENT_SERVICES_PAGE_SIZE = 100;
export const REDIRECT_AFTER_SAVE_MS = 1000;
export const REDIRECT_AFTER_LOGIN_MS = 100;
/** The enforced upload limit (decision 3). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
export const UPLOAD_TYPES: Record<string, string[]> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/svg+xml': ['.svg'],
  'video/mp4': ['.mp4'],
  'video/webm': ['.webm'],
  'video/ogg': ['.ogg', '.ogv'],
};
export const EXPORT_FILE_NAME = 'Contact_Us_List.xlsx';
/** How long the inbox search waits after the last keystroke before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;
/** How often the publishing status is read while a save is on its way to the site. */
export const PUBLISH_POLL_MS = 1000;
/** How often it is read otherwise, so jobs that failed for good come to light. */
export const PUBLISH_WATCH_MS = 20_000;
/** How often the admin reads whether notifications of new enquiries are failing. */
export const NOTIFICATIONS_WATCH_MS = 20_000;
