export * from './rows.js';
export * from './kinds.js';
