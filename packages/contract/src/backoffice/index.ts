export * from './staff.js';
export * from './audit.js';
export * from './inbox.js';
