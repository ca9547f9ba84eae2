import { fold } from '../../lib/tables.js';

/**
 * The weekdays as the calendar shows them, by ISO number (1 = Monday). Capitalised because each stands
 * alone in a table cell.
 */
export const weekdayNames = ['Maandag', 'Dinsdag', 'Woensdag', 'Donderdag', 'Vrijdag', 'Zaterdag', 'Zondag'] as const;

export function weekdayName(isoDay: number): string {
  return weekdayNames[isoDay - 1] ?? String(isoDay);
}

/** The ISO numbers of the weekdays whose name contains a folded search term. */
export function weekdaysMatching(foldedTerm: string): number[] {
  return weekdayNames.flatMap((name, i) => (fold(name).includes(foldedTerm) ? [i + 1] : []));
}
