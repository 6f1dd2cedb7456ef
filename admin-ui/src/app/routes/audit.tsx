import { AuditPage } from '@/features/audit';

export default AuditPage;
