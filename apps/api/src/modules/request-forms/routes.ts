import type { FastifyInstance } from 'fastify';
import { calls } from '@portal/contract';
import { registerCall } from '../../lib/http.js';
import { RequestFormService, type RequestFormDeps } from './request-forms.service.js';

/** The request forms (new product, rolls, photo, offline forms) and who is filing them. */
export function registerRequestFormRoutes(app: FastifyInstance, deps: RequestFormDeps) {
  const forms = new RequestFormService(deps);
  const tenant = { tenant: true } as const;
  registerCall(app, calls.forms.requestNewProduct, ({ body, ...work }) => forms.requestNewProduct(work, body), tenant);
  registerCall(app, calls.forms.requestImmediateProduct, ({ body, ...work }) => forms.requestImmediateProduct(work, body), tenant);
  registerCall(app, calls.forms.requestPhoto, ({ body, ...work }) => forms.requestPhoto(work, body), tenant);
  registerCall(app, calls.forms.requestOfflineAssortment, ({ body, ...work }) => forms.requestOfflineAssortment(work, body), tenant);
  registerCall(app, calls.forms.getFormPostUserDetails, (reading) => forms.submitterDetails(reading), { tenant: 'reads' });
}
