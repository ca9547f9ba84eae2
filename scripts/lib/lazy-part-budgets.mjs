// Budgets of parts a screen fetches only when it needs them (a dialog's form), beside the routes' budgets of
// bundle-budgets.mjs: a route's budget cannot see them, so a heavy library in one would grow unseen. Pure, as the
// routes' budgets are.
import { frames, staticFiles } from './bundle-budgets.mjs';

/**
 * Each part (a module the build splits off, by its source path), the screen it is fetched from, and its budget in
 * gzipped bytes: what it loads beyond the entry, the frame and that screen, measured plus a little.
 */
export const lazyParts = {
  // The memo and FAQ dialogs' forms with their rich-text editor (Tiptap and ProseMirror, about 121 kB of it; issue
  // 30.10, decision 0083), measured at 183.1 and 175.1 kB.
  'src/backoffice/features/content/components/memo-form.tsx': { screen: 'src/backoffice/features/content/routes/memos.tsx', budget: 185_000 },
  'src/backoffice/features/content/components/faq-form.tsx': { screen: 'src/backoffice/features/content/routes/faq.tsx', budget: 177_000 },
  // Rapportage's bar charts (MUI X Charts), fetched as the report arrives (decision 0100), measured at 86.3 kB.
  'src/backoffice/features/reporting/components/report-charts.tsx': { screen: 'src/backoffice/features/reporting/routes/reporting.tsx', budget: 88_000 },
  // Koppelingen's Webhooks dialogs, fetched as they open (decision 0100): the new endpoint's form with the form kit's
  // checkboxes and dropdown measured at 13.3 kB, the others at 3.7 to 4.1 kB.
  'src/backoffice/features/integrations/components/create-endpoint-dialog.tsx': { screen: 'src/backoffice/features/integrations/routes/webhooks.tsx', budget: 14_000 },
  'src/backoffice/features/integrations/components/secret-dialog.tsx': { screen: 'src/backoffice/features/integrations/routes/webhooks.tsx', budget: 5_000 },
  // The replay of a period takes its moments in the portal's date and time field (DD-MM-JJJJ UU:MM, decision 0105)
  // instead of the browser's datetime-local: 4.1 -> 7.9 kB (the field and day.js).
  'src/backoffice/features/integrations/components/replay-period-dialog.tsx': { screen: 'src/backoffice/features/integrations/routes/webhooks.tsx', budget: 8_500 },
  'src/backoffice/features/integrations/components/endpoint-confirm.tsx': { screen: 'src/backoffice/features/integrations/routes/webhooks.tsx', budget: 5_000 },
  'src/backoffice/features/integrations/components/attempts-dialog.tsx': { screen: 'src/backoffice/features/integrations/routes/webhooks.tsx', budget: 5_000 },
};

/** The entry's key: the one chunk the manifest marks as the entry. */
const entryOf = (manifest) => Object.keys(manifest).find((k) => manifest[k].isEntry);

/**
 * One row per part: `files` it loads beyond the entry, its screen's frame and the screen, `bytes` their gzipped
 * size and its `budget`. Throws when the build lacks a part or its screen, so that a budget cannot outlive what it
 * holds.
 */
export function lazyPartBudgets(manifest, gzippedSize, parts = lazyParts) {
  const entry = staticFiles(manifest, entryOf(manifest));
  return Object.entries(parts).map(([part, { screen, budget }]) => {
    if (!manifest[part]) throw new Error(`a lazy part's budget names ${part}, which the build has no chunk for`);
    const frame = frames.find((f) => f.routes.some((prefix) => screen.startsWith(prefix)))?.layout;
    const before = new Set([...entry, ...(frame ? staticFiles(manifest, frame) : []), ...staticFiles(manifest, screen)]);
    const files = [...staticFiles(manifest, part)].filter((f) => !before.has(f)).sort();
    return { name: `${part} (from ${path(screen)})`, route: part, files, bytes: files.reduce((sum, f) => sum + gzippedSize(f), 0), target: budget, budget };
  });
}

const path = (source) => source.split('/').pop();
