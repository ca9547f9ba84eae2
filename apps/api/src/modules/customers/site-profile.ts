import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { deploymentProfilePath, deploymentProfiles, type DeploymentProfile, type DeploymentProfileName } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { withTenant } from '../../db/tenancy.js';
import { customers } from '../../db/schema.js';

const isProfileName = (name: string): name is DeploymentProfileName => Object.hasOwn(deploymentProfiles, name);

/**
 * The profile of a customer's site (which imperfection form, whether the calendar shows): its own site where
 * one is set (the provider's systems send it, issue 11), else the deployment's profile. One deployment can so
 * serve a provider with several sites.
 */
export async function siteProfileOf(db: Db, customerId: string, fallback: DeploymentProfileName): Promise<DeploymentProfile> {
  const [row] = await withTenant(db, customerId, (tx) => tx.select({ site: customers.site }).from(customers).where(eq(customers.id, customerId)));
  const site = row?.site;
  return deploymentProfiles[site && isProfileName(site) ? site : fallback];
}

/**
 * `GET /api/deployment-profile`: without a token the deployment's profile (the login page needs no more); with
 * the portal's token, the profile of the caller's own site. A token that is no longer valid answers 401, so the
 * web app renews it and asks again instead of showing another site's forms.
 */
export function registerSiteProfileRoute(
  app: FastifyInstance,
  deps: { db: Db; defaultProfile: DeploymentProfileName; qualityContact: { phone: string; email: string } },
) {
  app.get(deploymentProfilePath, { schema: { hide: true } }, async (request): Promise<DeploymentProfile> => {
    if (!request.headers.authorization) return { ...deploymentProfiles[deps.defaultProfile], qualityContact: deps.qualityContact };
    await app.requireAuth(request);
    const profile = await siteProfileOf(deps.db, request.auth?.customerId ?? '', deps.defaultProfile);
    return { ...profile, qualityContact: deps.qualityContact };
  });
}
