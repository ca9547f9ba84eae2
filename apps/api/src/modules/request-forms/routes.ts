import { calls } from '@portal/contract';
import { anyAccount, type PortalDoor } from '../../doors/portal.js';
import { RequestFormService, type RequestFormDeps } from './request-forms.service.js';

/** The request forms (new product, rolls, photo, offline forms) and who is filing them. */
export function registerRequestFormRoutes(portal: PortalDoor, deps: RequestFormDeps) {
  const forms = new RequestFormService(deps);
  portal.call(calls.forms.requestNewProduct, anyAccount, ({ body, ...work }) => forms.requestNewProduct(work, body));
  portal.call(calls.forms.requestImmediateProduct, anyAccount, ({ body, ...work }) => forms.requestImmediateProduct(work, body));
  portal.call(calls.forms.requestPhoto, anyAccount, ({ body, ...work }) => forms.requestPhoto(work, body));
  portal.call(calls.forms.requestOfflineAssortment, anyAccount, ({ body, ...work }) => forms.requestOfflineAssortment(work, body));
  portal.read(calls.forms.getFormPostUserDetails, anyAccount, (reading) => forms.submitterDetails(reading));
}
