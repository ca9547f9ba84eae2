export * from './rows.js';
export * from './kinds.js';
export * from './calls.js';
