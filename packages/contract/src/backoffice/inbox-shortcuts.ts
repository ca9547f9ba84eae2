/**
 * The inbox's keys as `?` lists them (issue 30.5): a module of its own, so that the web app fetches the list with
 * its dialog. The keys themselves are the web app's (inbox/components/shortcuts.tsx).
 */
export const inboxShortcutsText = {
  title: 'Sneltoetsen',
  keys: [
    ['j', 'Volgende item'],
    ['k', 'Vorige item'],
    ['m', 'Mij toewijzen'],
    ['e', 'Archiveren (op een item: en naar het volgende)'],
    ['r', 'Beantwoorden (op een item)'],
    ['?', 'Deze lijst tonen'],
  ],
  note: 'Sneltoetsen werken niet terwijl u in een veld typt.',
  close: 'Sluiten',
} as const;
