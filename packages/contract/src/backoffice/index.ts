export * from './staff.js';
export * from './audit.js';
export * from './inbox.js';
export * from './content.js';
export * from './customers.js';
