export * from './rows.js';
export * from './kinds.js';
export * from './calls.js';
export * from './events.js';
export * from './way-back-calls.js';
export * from './import-errors.js';
