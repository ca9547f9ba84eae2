import { calls } from '@portal/contract';
import type { PortalDoor } from '../../doors/portal.js';
import { RequestFormService, type RequestFormDeps } from './request-forms.service.js';

/** The request forms (new product, rolls, photo, offline forms) and who is filing them. */
export function registerRequestFormRoutes(portal: PortalDoor, deps: RequestFormDeps) {
  const forms = new RequestFormService(deps);
  portal.call(calls.forms.requestNewProduct, ({ body, ...work }) => forms.requestNewProduct(work, body));
  portal.call(calls.forms.requestImmediateProduct, ({ body, ...work }) => forms.requestImmediateProduct(work, body));
  portal.call(calls.forms.requestPhoto, ({ body, ...work }) => forms.requestPhoto(work, body));
  portal.call(calls.forms.requestOfflineAssortment, ({ body, ...work }) => forms.requestOfflineAssortment(work, body));
  portal.read(calls.forms.getFormPostUserDetails, (reading) => forms.submitterDetails(reading));
}
