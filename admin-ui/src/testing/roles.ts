/**
 * The server's role table (ARCHITECTURE.md, "Roles and permissions"), for tests only: the admin
 * itself never holds it, it reads the permissions `GET /account` lists.
 */
import { PERMISSIONS, type Permission, type Role } from '@/lib/permissions';

const CONTENT_READ_EDIT: Permission[] = ['content.read', 'content.edit'];

export const PERMISSIONS_OF: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  editor: [
    ...CONTENT_READ_EDIT,
    'content.create',
    'content.publish',
    'content.delete',
    'content.import',
    'translations',
    'review',
    'media.upload',
    'media.manage',
    'publishing.retry',
  ],
  contributor: [...CONTENT_READ_EDIT, 'content.create', 'media.upload'],
  translator: [...CONTENT_READ_EDIT, 'translations'],
  enquiries: ['enquiries.read', 'enquiries.edit', 'subscriptions.read'],
};
