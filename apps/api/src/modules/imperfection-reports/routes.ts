import type { FastifyInstance } from 'fastify';
import { calls, type ImperfectionVariant } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { authOf } from '../../lib/auth-guard.js';
import { registerCall } from '../../lib/http.js';
import { reportImperfectionAlkmaar } from './alkmaar-report.js';
import { reportImperfectionApeldoorn } from './apeldoorn-report.js';
import { reportImperfection } from './basic-report.js';
import {
  alkmaarDropdownData,
  apeldoornDropdownData,
  readDropdownLists,
  readOosterwoldeCatalogue,
} from './catalogues.js';
import { reportImperfectionOosterwolde } from './oosterwolde-report.js';
import type { ReportContext } from './report-parts.js';

export interface ImperfectionReportDeps {
  db: Db;
  /** The variants the deployment profile offers; the calls of the others do not exist (404). */
  variants: readonly ImperfectionVariant[];
  qualityMailAddress: string;
  mailQueued: () => void;
}

/** The imperfection report forms (basic and the site variants) with their catalogues and dropdown data. */
export function registerImperfectionReportRoutes(app: FastifyInstance, deps: ImperfectionReportDeps) {
  const offers = (variant: ImperfectionVariant) => deps.variants.includes(variant);
  const contextOf = (request: Parameters<typeof authOf>[0]): ReportContext => ({
    db: deps.db,
    claims: authOf(request),
    address: request.ip,
    qualityMailAddress: deps.qualityMailAddress,
  });

  if (offers('Basic')) {
    registerCall(app, calls.forms.reportImperfection, async ({ body, request }) => {
      await reportImperfection(contextOf(request), body);
      deps.mailQueued();
    });
  }

  if (offers('Oosterwolde')) {
    registerCall(app, calls.forms.getImperfectionCatalogueOosterwolde, async () => readOosterwoldeCatalogue(deps.db));
    registerCall(app, calls.forms.reportImperfectionInceptionOosterwolde, async ({ body, request }) => {
      await reportImperfectionOosterwolde(contextOf(request), body);
      deps.mailQueued();
    });
  }

  if (offers('Apeldoorn')) {
    registerCall(app, calls.forms.getDropdownDataApeldoorn, async () =>
      apeldoornDropdownData(await readDropdownLists(deps.db, 'Apeldoorn')),
    );
    registerCall(app, calls.forms.reportImperfectionInceptionApeldoorn, async ({ body, request }) => {
      await reportImperfectionApeldoorn(contextOf(request), body);
      deps.mailQueued();
    });
  }

  if (offers('Alkmaar')) {
    registerCall(app, calls.forms.getDropdownDataAlkmaar, async () =>
      alkmaarDropdownData(await readDropdownLists(deps.db, 'Alkmaar')),
    );
    registerCall(app, calls.forms.reportImperfectionInceptionAlkmaar, async ({ body, request }) => {
      await reportImperfectionAlkmaar(contextOf(request), body);
      deps.mailQueued();
    });
  }
}
