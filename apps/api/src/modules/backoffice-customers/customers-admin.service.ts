import { and, eq, isNull, sql } from 'drizzle-orm';
import { customerText, type CustomerDetail, type DeploymentProfileName, type TableRequest, type CustomerColumn } from '@portal/contract';
import { customers, sessionFamilies } from '../../db/schema.js';
import type { Tx } from '../../db/tenancy.js';
import { isUniqueViolation } from '../../lib/database-faults.js';
import { fieldError, notFound } from '../../lib/problems.js';
import { queryRows } from '../../lib/tables.js';
import type { AuthService } from '../auth/auth.service.js';
import type { StaffUnitOfWork } from '../backoffice/staff-work.js';
import { inviteAccount } from '../pharmacists/pharmacists.service.js';
import { customerTable } from './customers.table.js';

type CustomerFields = { name: string; kind: 'Pharmacy' | 'CareInstitution'; site: string | null };

/** The provider's customers as its staff keep them (issue 12): list, detail, create, change, invite, deactivate. */
export class CustomersAdminService {
  constructor(private readonly deps: { auth: Pick<AuthService, 'queueActivation'>; defaultProfile: DeploymentProfileName }) {}

  table(work: StaffUnitOfWork, request: TableRequest<CustomerColumn>) {
    return queryRows(work.tx, customerTable, sql`true`, request);
  }

  async detail(work: StaffUnitOfWork, id: string): Promise<CustomerDetail> {
    const page = await queryRows(work.tx, customerTable, sql`c.id = ${id}`, { rowsPerPage: 5 });
    const row = page.items[0];
    if (!row) throw notFound();
    const [client] = await work.tx.select({ deactivatedAt: customers.deactivatedAt }).from(customers).where(eq(customers.id, id));
    const departments = await work.tx.execute<{ id: number; name: string; patients: number }>(sql`
      select f.id, f.name, (select count(*)::int from patients p where p.client_id = f.client_id and p.facility_id = f.id) as patients
      from facilities f where f.client_id = ${id} order by f.name`);
    const accountRows = await work.tx.execute<{ id: number; first_name: string; middle_name: string | null; last_name: string; email_address: string; pharmacist_type: string; is_active: boolean; no_password: boolean; last_login_at: Date | null }>(sql`
      select id, first_name, middle_name, last_name, email_address, pharmacist_type, is_active, password_hash is null as no_password, last_login_at
      from accounts where client_id = ${id} order by last_name, first_name`);
    await work.audit({ action: 'Backoffice.CustomerRead', customerId: id, objectType: 'Customer', objectId: id });
    return {
      ...row,
      deactivatedAt: client?.deactivatedAt?.toISOString() ?? null,
      defaultSite: this.deps.defaultProfile,
      departmentList: departments.rows.map((d) => ({ id: Number(d.id), name: d.name, patients: Number(d.patients) })),
      accountList: accountRows.rows.map((a) => ({
        id: Number(a.id),
        name: [a.first_name, a.middle_name, a.last_name].filter(Boolean).join(' '),
        emailAddress: a.email_address,
        type: a.pharmacist_type,
        isActive: a.is_active,
        isInvited: !a.is_active && a.no_password,
        lastLoginAt: a.last_login_at ? new Date(a.last_login_at).toISOString() : null,
      })),
    };
  }

  /** `input.code` comes in capitals (the contract's customerCodeField), as every code is kept (migration 0029). */
  async create(work: StaffUnitOfWork, input: CustomerFields & { code: string }): Promise<{ id: string }> {
    try {
      const [row] = await work.tx
        .insert(customers)
        .values({ clientCode: input.code, name: input.name, kind: input.kind, site: input.site })
        .returning({ id: customers.id });
      if (!row) throw new Error('customer not created');
      await work.audit({ action: 'Backoffice.CustomerCreate', customerId: row.id, objectType: 'Customer', objectId: row.id, details: { code: input.code, site: input.site } });
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('code', customerText.codeInUse);
      throw error;
    }
  }

  async update(work: StaffUnitOfWork, input: CustomerFields & { id: string }): Promise<void> {
    const [row] = await work.tx
      .update(customers)
      .set({ name: input.name, kind: input.kind, site: input.site })
      .where(eq(customers.id, input.id))
      .returning({ id: customers.id });
    if (!row) throw notFound();
    await work.audit({ action: 'Backoffice.CustomerUpdate', customerId: input.id, objectType: 'Customer', objectId: input.id, details: { site: input.site } });
  }

  /** The customer's administrator, invited as the invite command does: an inactive account and its activation mail. */
  async inviteAdministrator(
    work: StaffUnitOfWork,
    input: { id: string; emailAddress: string; firstName: string; middleName?: string | null | undefined; lastName: string },
  ): Promise<void> {
    await this.existing(work, input.id);
    await work.forCustomer(input.id);
    // The staff transaction now writes under this customer's tenant policies, as a tenant transaction does.
    const account = await inviteAccount(work.tx as unknown as Tx, this.deps.auth, input.id, {
      emailAddress: input.emailAddress,
      firstName: input.firstName,
      middleName: input.middleName || null,
      lastName: input.lastName,
      pharmacistType: 'Administrator',
    });
    await work.audit({ action: 'Backoffice.CustomerInvite', customerId: input.id, objectType: 'Account', objectId: String(account.id) });
  }

  /** Deactivating ends the customer's live sessions at once; its accounts can no longer log in. Nothing is deleted. */
  async setActive(work: StaffUnitOfWork, id: string, isActive: boolean): Promise<void> {
    await this.existing(work, id);
    await work.tx.update(customers).set({ deactivatedAt: isActive ? null : new Date() }).where(eq(customers.id, id));
    if (!isActive) {
      await work.forCustomer(id);
      await work.tx
        .update(sessionFamilies)
        .set({ revokedAt: new Date(), revokedReason: 'customer-deactivated' })
        .where(and(eq(sessionFamilies.customerId, id), isNull(sessionFamilies.revokedAt)));
    }
    await work.audit({ action: isActive ? 'Backoffice.CustomerActivate' : 'Backoffice.CustomerDeactivate', customerId: id, objectType: 'Customer', objectId: id });
  }

  private async existing(work: StaffUnitOfWork, id: string) {
    const [row] = await work.tx.select({ id: customers.id }).from(customers).where(eq(customers.id, id)).for('update');
    if (!row) throw notFound();
  }
}
