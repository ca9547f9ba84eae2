/** The memos section's own words, shared with the memos the page shows before the app (app/early-memos.ts). */
export const memoTexts = {
  heading: 'Mededelingen',
  none: 'Er zijn op dit moment geen mededelingen.',
} as const;
