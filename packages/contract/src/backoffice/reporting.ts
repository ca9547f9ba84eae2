import { z } from 'zod';
import { staffController, staffRoles } from './staff-controller.js';
import { inboxText } from './inbox.js';
import { optionalIsoDate, requiredEnum } from '../fields.js';
import { inboxKindText, type InboxKind } from '../inbox.js';
import { validation as v } from '../messages.js';

/**
 * The back-office's report (issue 30.8, /beheer/rapportage): what arrived per week, how fast the customer heard
 * back, what stayed open past its service time, and each staff member's share, over a period of whole days
 * (Europe/Amsterdam). Kwaliteit's figures count the imperfection reports only, as its inbox shows only those.
 */

/**
 * Hours (wall-clock, from receipt) within which an item of each kind should be done. This is the default until a
 * Beheerder sets one per kind; the inbox's due indicator and the report read the same numbers.
 */
export const defaultServiceHours: Record<InboxKind, number> = {
  NonFaqQuestion: 48,
  NewProduct: 120,
  ImmediateProduct: 24,
  Photo: 48,
  OfflineAssortment: 120,
  Imperfection: 72,
  ImperfectionOosterwolde: 72,
  ImperfectionApeldoorn: 72,
  ImperfectionAlkmaar: 72,
  ServiceOrder: 120,
};

/** The longest period one report covers: two years of weeks keeps its week figure readable and its query short. */
export const reportMaxDays = 731;
/** The period when none is chosen: this week and the eleven before it. */
export const reportDefaultWeeks = 12;

/** The Dutch texts of the report that the server and the web app share. */
export const reportingText = {
  intro: 'Cijfers over de inbox in de gekozen periode; zonder keuze de laatste 12 weken.',
  periodOrder: inboxText.periodOrder,
  periodTooLong: 'Kies een periode van hoogstens twee jaar.',
  period: (from: string, until: string) => `Periode: ${dutchDay(from)} t/m ${dutchDay(until)}`,
  kwaliteitOnly: 'U ziet de cijfers van de meldingen onvolkomenheden.',
  allKinds: 'Alle soorten',
  noItems: 'Geen items in deze periode.',
  download: 'CSV downloaden',
  filterLabel: 'Periode kiezen',
  fromLabel: 'Van',
  untilLabel: 'Tot en met',
  loading: 'Rapportage laden…',
  /** the frame a figure's table scrolls in */
  tableLabel: (title: string) => `Tabel ${title.toLowerCase()}`,
  /** a chart as a screen reader hears it, in place of its bars */
  chartLabel: (title: string) => `Staafdiagram ${title.toLowerCase()}; de cijfers staan in de tabel eronder.`,
} as const;

/** The report's four figures: each a chart with its table, each downloadable as CSV. */
export const reportFigures = ['weeks', 'firstResponse', 'serviceTime', 'staff'] as const;
export type ReportFigure = (typeof reportFigures)[number];

/** Each figure's heading, what it counts (shown under the heading), and its CSV file's name. */
export const reportFigureTexts: Record<ReportFigure, { title: string; explanation: string; fileName: string }> = {
  weeks: {
    title: 'Binnengekomen per week',
    explanation: 'Aanvragen, meldingen en bestellingen per soort, naar de week (maandag t/m zondag) waarin ze binnenkwamen.',
    fileName: 'rapportage-per-week',
  },
  firstResponse: {
    title: 'Eerste reactie',
    explanation:
      'Tijd van ontvangst tot de eerste reactie die de klant bereikte: een antwoord, of de status van Nieuw naar In behandeling. Over de items die in de periode binnenkwamen; de reactie mag later vallen.',
    fileName: 'rapportage-eerste-reactie',
  },
  serviceTime: {
    title: 'Langer open dan de servicetijd',
    explanation:
      'Items uit de periode die langer open waren dan de servicetijd van hun soort: tot ze werden gearchiveerd, of tot nu als ze nog open zijn.',
    fileName: 'rapportage-servicetijd',
  },
  staff: {
    title: 'Per medewerker',
    explanation:
      'Behandeld: items waarvan de medewerker in de periode de status wijzigde, die hij of zij beantwoordde of van een notitie voorzag. Beantwoord: items met een antwoord van de medewerker in de periode.',
    fileName: 'rapportage-per-medewerker',
  },
};

/** A period's ends checked together: in order, and not longer than the report covers. */
const checkedPeriod = <T extends z.ZodType<{ from?: string | null; until?: string | null }>>(schema: T) =>
  schema
    .refine((q) => !q.from || !q.until || q.from <= q.until, { path: ['until'], message: reportingText.periodOrder })
    .refine((q) => !q.from || !q.until || q.from > q.until || daysBetween(q.from, q.until) < reportMaxDays, {
      path: ['from'],
      message: reportingText.periodTooLong,
    });

/** The period asked for; either end absent: the default period's. */
export const reportQuery = checkedPeriod(z.object({ from: optionalIsoDate(), until: optionalIsoDate() }));
export type ReportQuery = z.input<typeof reportQuery>;

const isoDay = z.iso.date();
const seconds = z.number().nonnegative().nullable();

export const reportWeek = z.object({
  /** the week's Monday */
  weekStart: isoDay,
  /** its ISO week number */
  week: z.int(),
  /** items received, by kind (kinds without any are left out) */
  counts: z.record(z.string(), z.int()),
  total: z.int(),
});

export const reportResponse = z.object({
  /** the kind; null for every kind together */
  kind: z.string().nullable(),
  received: z.int(),
  /** of those, how many have had a first response */
  responded: z.int(),
  medianSeconds: seconds,
  p90Seconds: seconds,
});

export const reportServiceTime = z.object({
  kind: z.string(),
  serviceHours: z.number(),
  received: z.int(),
  /** open longer than the service time: archived late, or still open past it */
  overdue: z.int(),
  /** of those, how many are still open */
  overdueOpen: z.int(),
});

export const reportStaffMember = z.object({
  staffId: z.int(),
  name: z.string(),
  handled: z.int(),
  answered: z.int(),
  /** items received in the period whose first response was this staff member's */
  firstResponses: z.int(),
  medianSeconds: seconds,
});

export const report = z.object({
  from: isoDay,
  until: isoDay,
  /** the kinds that arrived in the period, in the inbox's order */
  kinds: z.array(z.string()),
  weeks: z.array(reportWeek),
  /** per kind that arrived, then all kinds together */
  firstResponse: z.array(reportResponse),
  serviceTime: z.array(reportServiceTime),
  staff: z.array(reportStaffMember),
});
export type Report = z.infer<typeof report>;

export const backofficeReportingCalls = staffController('Reporting', staffRoles, {
  get: {
    method: 'GET',
    query: reportQuery,
    response: report,
    summary: 'The report over a period (default the last 12 weeks); Kwaliteit: imperfection reports only. Audited; holds no patient data.',
  },
  export: {
    method: 'GET',
    query: checkedPeriod(z.object({ figure: requiredEnum(reportFigures, v.required), from: optionalIsoDate(), until: optionalIsoDate() })),
    response: 'file',
    summary: 'One figure of the report as CSV (UTF-8 with BOM, semicolons), the columns of its table on screen. Audited.',
  },
});

/** Whole days from one ISO date to another. */
function daysBetween(from: string, until: string): number {
  return Math.round((Date.parse(`${until}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** `YYYY-MM-DD` → `DD-MM-YYYY`, the way the screens write a date. */
const dutchDay = (isoDate: string) => `${isoDate.slice(8, 10)}-${isoDate.slice(5, 7)}-${isoDate.slice(0, 4)}`;

const hoursFormat = new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
/** A duration as the report writes it: hours with one decimal ('26,5'); none yet: empty. */
export const reportHours = (secondsValue: number | null) => (secondsValue === null ? '' : hoursFormat.format(secondsValue / 3600));

/** A figure as a table: the text alternative under its chart and the columns of its CSV, cell for cell. */
export interface ReportTable {
  headers: string[];
  rows: (string | number)[][];
}

/** The table of one figure, the same on screen and in its CSV file. */
export function reportTable(data: Report, figure: ReportFigure): ReportTable {
  switch (figure) {
    case 'weeks':
      return {
        headers: ['Week', 'Begint op', ...data.kinds.map(inboxKindText), 'Totaal'],
        rows: data.weeks.map((w) => [w.week, dutchDay(w.weekStart), ...data.kinds.map((kind) => w.counts[kind] ?? 0), w.total]),
      };
    case 'firstResponse':
      return {
        headers: ['Soort', 'Ontvangen', 'Met reactie', 'Mediaan (uren)', '90e percentiel (uren)'],
        rows: data.firstResponse.map((r) => [r.kind === null ? reportingText.allKinds : inboxKindText(r.kind), r.received, r.responded, reportHours(r.medianSeconds), reportHours(r.p90Seconds)]),
      };
    case 'serviceTime':
      return {
        headers: ['Soort', 'Servicetijd (uren)', 'Ontvangen', 'Langer open', 'Waarvan nog open'],
        rows: data.serviceTime.map((r) => [inboxKindText(r.kind), r.serviceHours, r.received, r.overdue, r.overdueOpen]),
      };
    case 'staff':
      return {
        headers: ['Medewerker', 'Behandeld', 'Beantwoord', 'Eerste reacties', 'Mediaan eerste reactie (uren)'],
        rows: data.staff.map((s) => [s.name, s.handled, s.answered, s.firstResponses, reportHours(s.medianSeconds)]),
      };
  }
}
