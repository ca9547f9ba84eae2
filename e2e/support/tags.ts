/**
 * The tag of tests that fetch code again after a failure ("Opnieuw proberen" on a dialog's form, the inbox's date
 * pickers): they run a second time in a Chromium that keeps a failed import() in its module map, as every Chromium
 * before version 156 does, so that a retry is shown to fetch anew there too (playwright.config.ts).
 */
export const keptFailedImports = '@kept-failed-imports';
