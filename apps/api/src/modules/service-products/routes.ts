import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { calls, serviceProductImage } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { canonicalQuery } from '../../lib/http.js';
import type { PortalDoor } from '../../doors/portal.js';
import { notFound } from '../../lib/problems.js';
import { ServiceProductOrderService } from './service-product-orders.js';
import { knownVersions, orderableServiceProducts, serviceProductPicture } from './service-products.js';

export interface ServiceProductDeps {
  db: Db;
  /** the provider's service desk, told of every order */
  serviceMailAddress: string;
  /** the portal's address, for the notification's link to the order in the back-office */
  publicUrl: string;
}

/** A picture may be any image type the provider stored; anything else is sent as opaque bytes. */
const IMAGE_TYPE = /^image\/[a-z0-9.+-]+$/;
const YEAR_SECONDS = 365 * 24 * 3600;

/** The catalogue of service products, its pictures, and the customer's orders of them. */
export function registerServiceProductRoutes(portal: PortalDoor, deps: ServiceProductDeps) {
  const pictureQuery = canonicalQuery(serviceProductImage.query);
  const orders = new ServiceProductOrderService(deps);

  portal.admitted(calls.serviceProduct.getServiceProducts, () => orderableServiceProducts(deps.db));
  const o = calls.serviceProductOrder;
  portal.call(o.addServiceProductOrder, ({ body, ...work }) => orders.add(work, body));
  portal.read(o.getServiceProductOrderById, ({ query, ...reading }) => orders.getById(reading, query.ServiceProductOrderId));
  portal.read(o.getServiceProductOrderTable, ({ body, ...reading }) => orders.table(reading, body));

  // Pictures are loaded by <img>, which sends no bearer token. They are the provider's catalogue, the same for
  // every customer and not confidential, so they are served without one: cached for good under their
  // versioned address, revalidated by ETag otherwise, typed from the table, never sniffed nor run as a page.
  portal.scope.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: serviceProductImage.path,
    schema: {
      summary: serviceProductImage.summary,
      tags: [serviceProductImage.controller],
      querystring: serviceProductImage.query,
    },
    // Query parameters are matched without regard to case, as for every call.
    onRequest: async (request) => {
      request.query = pictureQuery(request.query as Record<string, unknown>) as typeof request.query;
    },
    // After the app's own onSend, which marks every API answer no-store: a picture may be cached, for good
    // under the address of its current version (the catalogue's imageUri), else for an hour.
    onSend: async (request, reply, payload) => {
      if (reply.statusCode === 200 || reply.statusCode === 304) {
        // From the address itself: the validated query keeps only the product id.
        const version = new URLSearchParams(request.url.split('?')[1] ?? '').get('v');
        const current = version !== null && reply.getHeader('etag') === `"${version}"`;
        reply.header('cache-control', current ? `public, max-age=${YEAR_SECONDS}, immutable` : 'public, max-age=3600');
      }
      return payload;
    },
    handler: async (request, reply) => {
      const picture = await serviceProductPicture(deps.db, request.query.ServiceProductId, knownVersions(request.headers['if-none-match']));
      if (!picture) throw notFound();
      reply
        .header('etag', `"${picture.version}"`)
        .header('x-content-type-options', 'nosniff')
        // An SVG opened on its own must not run anything in the portal's origin.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      if (!picture.content) return reply.code(304).send();
      return reply
        .type(IMAGE_TYPE.test(picture.mediaType) ? picture.mediaType : 'application/octet-stream')
        .header('content-disposition', 'inline')
        .send(picture.content);
    },
  });
}
