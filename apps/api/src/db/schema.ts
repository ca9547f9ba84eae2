/**
 * The database schema, one file per part of the domain under schema/.
 *
 * Every customer-owned table carries `client_id` and has it in its primary key, and other customer-owned
 * tables refer to it through composite keys, so the schema can later be distributed by customer. Row-level
 * security on all of them is set up in the hand-written migration `0001_tenancy.sql`.
 */
export * from './schema/customers.js';
export * from './schema/accounts.js';
export * from './schema/platform.js';
export * from './schema/content.js';
export * from './schema/operations.js';
export * from './schema/submissions.js';
export * from './schema/service-products.js';
export * from './schema/integration.js';
export * from './schema/backoffice.js';
export * from './schema/events.js';
export * from './schema/webhooks.js';
export * from './schema/inbox-queue.js';
export * from './schema/saved-replies.js';
