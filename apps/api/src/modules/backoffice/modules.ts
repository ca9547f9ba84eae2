import { registerAuditLogRoutes } from '../audit-log/routes.js';
import { registerContentAdmin } from '../backoffice-content/routes.js';
import { registerCustomersAdmin } from '../backoffice-customers/routes.js';
import { registerInbox } from '../inbox/routes.js';
import type { BackofficeModule } from './routes.js';

/**
 * The parts of the back-office, each registering its calls at the door (issue 12). One line per part: the
 * inbox, the content, the customers, the audit log.
 */
export const backofficeModules: readonly BackofficeModule[] = [registerInbox, registerCustomersAdmin, registerContentAdmin, registerAuditLogRoutes];
