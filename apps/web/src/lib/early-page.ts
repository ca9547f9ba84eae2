/**
 * What the page the server sends puts there before the app starts, by id: the login page rendered at build time
 * (app/login-shell.tsx) and the dashboard's memos its early script shows (early-memos.ts). The app removes both
 * as it shows its first route (app/static-shell.ts).
 */
export const staticShellId = 'login-shell';
export const earlyMemosId = 'early-memos';
/** Marks the app's loading state while its first route's code comes (the router's hydrate fallback). */
export const appLoadingAttribute = 'data-app-loading';
