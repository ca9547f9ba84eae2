import { deploymentProfiles, type DeploymentProfileName, type ImperfectionVariant } from '@portal/contract';
import type { PortalDoor } from '../../doors/portal.js';
import { notFound } from '../../lib/problems.js';
import { siteProfileOf } from '../customers/site-profile.js';
import type { ReportDeps, ReportVariant } from './report-variant.js';
import { alkmaarReport } from './alkmaar-report.js';
import { apeldoornReport } from './apeldoorn-report.js';
import { basicReport } from './basic-report.js';
import { oosterwoldeReport } from './oosterwolde-report.js';

/** Every imperfection report variant, each described once in its own file. */
export const reportVariants: readonly ReportVariant[] = [basicReport, oosterwoldeReport, apeldoornReport, alkmaarReport];

export interface ImperfectionReportDeps extends ReportDeps {
  /** The deployment's profile: the variants of a customer without a site of its own. */
  defaultProfile: DeploymentProfileName;
}

/**
 * The imperfection report forms (basic and the site variants) with their catalogues and dropdown data. A
 * customer reaches the variants of its own site's profile (site per customer); for it the calls of the other
 * variants do not exist (404), as they did not for a deployment without them. Checked before the body is.
 */
export function registerImperfectionReportRoutes(portal: PortalDoor, deps: ImperfectionReportDeps) {
  for (const variant of reportVariants) {
    const offers = (profile: { imperfectionVariants: readonly ImperfectionVariant[] }) => profile.imperfectionVariants.includes(variant.name);
    void portal.scope.register(async (scope) => {
      // Without a token the site is unknown: the deployment's profile decides, before the token is asked for.
      scope.addHook('onRequest', async (request) => {
        if (!request.headers.authorization && !offers(deploymentProfiles[deps.defaultProfile])) throw notFound();
      });
      // With one (checked by the call's own guard meanwhile), the caller's site decides.
      scope.addHook('preValidation', async (request) => {
        const profile = request.auth ? await siteProfileOf(deps.db, request.auth.customerId, deps.defaultProfile) : deploymentProfiles[deps.defaultProfile];
        if (!offers(profile)) throw notFound();
      });
      variant.register(portal, scope, deps);
    });
  }
}
