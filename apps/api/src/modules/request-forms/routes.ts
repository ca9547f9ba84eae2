import type { FastifyInstance } from 'fastify';
import { amsterdamDate, calls, rollRequestDateErrors, validation } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { withTenant } from '../../db/tenancy.js';
import { authOf } from '../../lib/auth-guard.js';
import { registerCall } from '../../lib/http.js';
import { fieldError, fieldErrors } from '../../lib/problems.js';
import { readSubmitter, submitForm } from '../../lib/submissions.js';
import {
  immediateProductSubmission,
  newProductSubmission,
  offlineAssortmentSubmission,
  photoSubmission,
} from './request-forms.js';

export interface RequestFormDeps {
  db: Db;
  /** where the request forms are mailed */
  serviceMailAddress: string;
  mailQueued: () => void;
  /** now; the roll request's date limits count from today in Europe/Amsterdam */
  clock: () => Date;
}

/** The request forms (new product, rolls, photo, offline forms) and who is filing them. */
export function registerRequestFormRoutes(app: FastifyInstance, deps: RequestFormDeps) {
  const { db } = deps;
  const route = (ip: string) => ({ to: deps.serviceMailAddress, address: ip });
  const submit = async (...args: Parameters<typeof submitForm>) => {
    await submitForm(...args);
    deps.mailQueued();
  };

  registerCall(app, calls.forms.requestNewProduct, async ({ body, request }) => {
    await submit(db, authOf(request), newProductSubmission(body, route(request.ip)));
  });

  registerCall(app, calls.forms.requestImmediateProduct, async ({ body, request }) => {
    const claims = authOf(request);
    const today = amsterdamDate(deps.clock());
    const dateErrors = rollRequestDateErrors(body, today);
    if (Object.keys(dateErrors).length) throw fieldErrors(dateErrors);
    await submit(db, claims, immediateProductSubmission(body, route(request.ip)));
  });

  registerCall(app, calls.forms.requestPhoto, async ({ body, request }) => {
    await submit(db, authOf(request), photoSubmission(body, route(request.ip)));
  });

  registerCall(app, calls.forms.requestOfflineAssortment, async ({ body, request }) => {
    if (!body.newDepartment && !body.cureSet && !body.medicationSet) {
      throw fieldError('newDepartment', validation.offlineFormsNoneChosen);
    }
    await submit(db, authOf(request), offlineAssortmentSubmission(body, route(request.ip)));
  });

  registerCall(app, calls.forms.getFormPostUserDetails, async ({ request }) => {
    const claims = authOf(request);
    const submitter = await withTenant(db, claims.clientId, (tx) => readSubmitter(tx, claims));
    return {
      firstName: submitter.firstName,
      middleName: submitter.middleName,
      lastName: submitter.lastName,
      emailAddress: submitter.emailAddress,
      clientCode: submitter.clientCode,
      clientName: submitter.clientName,
    };
  });
}
