import { backofficeCustomerCalls as calls } from '@portal/contract';
import type { BackofficeModule } from '../../doors/backoffice.js';
import { CustomersAdminService } from './customers-admin.service.js';

/** The customers of the back-office (issue 12). */
export const registerCustomersAdmin: BackofficeModule = (door, deps) => {
    const customers = new CustomersAdminService({ auth: door.scope.services.auth, defaultProfile: deps.defaultProfile });
    door.call(calls.getTable, ({ body, ...work }) => customers.table(work, body));
    door.call(calls.get, ({ query, ...work }) => customers.detail(work, query.Id));
    door.call(calls.create, ({ body, ...work }) => customers.create(work, body));
    door.call(calls.update, ({ body, ...work }) => customers.update(work, body));
    door.call(calls.inviteAdministrator, ({ body, ...work }) => customers.inviteAdministrator(work, body));
    door.call(calls.setActive, ({ body, ...work }) => customers.setActive(work, body.id, body.isActive));
  };
