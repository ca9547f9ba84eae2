import { reportDefaultWeeks, reportFigureTexts, reportQuery, reportTable, type Report, type ReportFigure, type ReportQuery } from '@portal/contract';
import { CSV_BOM, csvLine } from '../../lib/csv.js';
import { wallClock } from '../../lib/dutch-dates.js';
import type { FileAnswer } from '../../lib/http.js';
import { fieldError } from '../../lib/problems.js';
import { exportFileName } from '../../lib/table-export.js';
import type { StaffReading } from '../backoffice/staff-work.js';
import { reportFigures, type ReportPeriod } from './report-figures.js';

/** `YYYY-MM-DD` plus whole days. */
function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The period a query asks for, an absent end filled in: until today (Amsterdam), from the Monday eleven weeks
 * before this week's, so that the default shows twelve whole weeks' bars, this one so far included. Checked again
 * once both ends are known: a `from` alone could reach back further than a report covers.
 */
export function periodOf(query: ReportQuery, now: Date): ReportPeriod {
  const today = wallClock(now.toISOString())!.date;
  const until = query.until ?? today;
  const monday = addDays(until, -((new Date(`${until}T00:00:00Z`).getUTCDay() + 6) % 7));
  const from = query.from ?? addDays(monday, -7 * (reportDefaultWeeks - 1));
  const checked = reportQuery.safeParse({ from, until });
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    throw fieldError(String(issue.path[0] ?? 'from'), issue.message);
  }
  return { from, until, now };
}

/** The report (issue 30.8): reading it and downloading a figure are audited; neither holds patient data. */
export class ReportingService {
  constructor(private readonly clock: () => Date) {}

  async read(work: StaffReading, query: ReportQuery): Promise<Report> {
    const period = periodOf(query, this.clock());
    const report = await reportFigures(work.tx, work.principal.role, period);
    work.audit({ action: 'Backoffice.ReportRead', objectType: 'Report', details: { from: period.from, until: period.until } });
    return report;
  }

  /** One figure as CSV: the columns and cells of its table on screen. */
  async export(work: StaffReading, query: ReportQuery & { figure: ReportFigure }): Promise<FileAnswer> {
    const now = this.clock();
    const period = periodOf(query, now);
    const table = reportTable(await reportFigures(work.tx, work.principal.role, period), query.figure);
    work.audit({
      action: 'Backoffice.ReportExport',
      objectType: 'Report',
      objectId: query.figure,
      details: { figure: query.figure, from: period.from, until: period.until },
    });
    const text = CSV_BOM + csvLine(table.headers) + table.rows.map((row) => csvLine(row)).join('');
    return {
      fileName: exportFileName(reportFigureTexts[query.figure].fileName, 'Csv', now),
      contentType: 'text/csv; charset=utf-8',
      body: Buffer.from(text, 'utf8'),
    };
  }
}
