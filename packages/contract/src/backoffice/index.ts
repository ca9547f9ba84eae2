export * from './staff.js';
export * from './inbox.js';
