export * from './staff.js';
export * from './staff-controller.js';
export * from './audit.js';
export * from './inbox.js';
export * from './content.js';
export * from './customers.js';
export * from './webhooks.js';
export * from './import-runs.js';
