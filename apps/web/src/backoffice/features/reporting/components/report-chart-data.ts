import type { BarChartProps } from '@mui/x-charts/BarChart';
import { inboxKindText, reportHours, reportingText, reportTable, type Report, type ReportFigure } from '@portal/contract';
import { formatInteger } from '@/lib/format';

/** Hours as the charts plot them: one decimal, as the tables write them. */
const hours = (seconds: number | null) => (seconds === null ? null : Math.round(seconds / 360) / 10);

export type Chart = Pick<BarChartProps, 'dataset' | 'series' | 'xAxis' | 'yAxis' | 'layout' | 'height'>;

/** The value axis of counts (whole steps) and of hours (one decimal), written the Dutch way as the tables are. */
const counts = { tickMinStep: 1, valueFormatter: (value: number) => formatInteger(value) };
const hourTicks = { valueFormatter: (value: number) => reportHours(value * 3600) };

/** Bars side by side per category along the left edge: the long Dutch names of kinds and people stay readable. */
function sideways(dataset: NonNullable<Chart['dataset']>, series: Chart['series'], values: typeof counts | typeof hourTicks, labelWidth: number): Chart {
  return {
    dataset,
    series,
    layout: 'horizontal',
    xAxis: [values],
    yAxis: [{ scaleType: 'band', dataKey: 'label', width: labelWidth }],
    height: 80 + dataset.length * 24 * Math.max(2, series.length),
  };
}

/**
 * Each figure as a bar chart; the series are named by the columns of the figure's table. Apart from the chart
 * library (its types only), so that the screen knows each chart's height before the library is fetched.
 */
export function chartOf(report: Report, figure: ReportFigure, labelWidth: number): Chart {
  const headers = reportTable(report, figure).headers;
  switch (figure) {
    case 'weeks':
      return {
        dataset: report.weeks.map((w) => ({ label: `wk ${w.week}`, ...Object.fromEntries(report.kinds.map((kind) => [kind, w.counts[kind] ?? 0])) })),
        series: report.kinds.map((kind) => ({ dataKey: kind, label: inboxKindText(kind), stack: 'received' })),
        xAxis: [{ scaleType: 'band', dataKey: 'label' }],
        yAxis: [counts],
        height: 320,
      };
    case 'firstResponse':
      return sideways(
        report.firstResponse.map((r) => ({ label: r.kind === null ? reportingText.allKinds : inboxKindText(r.kind), median: hours(r.medianSeconds), p90: hours(r.p90Seconds) })),
        [
          { dataKey: 'median', label: headers[3] },
          { dataKey: 'p90', label: headers[4] },
        ],
        hourTicks,
        labelWidth,
      );
    case 'serviceTime':
      return sideways(
        report.serviceTime.map((r) => ({ label: inboxKindText(r.kind), received: r.received, overdue: r.overdue, overdueOpen: r.overdueOpen })),
        [
          { dataKey: 'received', label: headers[2] },
          { dataKey: 'overdue', label: headers[3] },
          { dataKey: 'overdueOpen', label: headers[4] },
        ],
        counts,
        labelWidth,
      );
    case 'staff':
      return sideways(
        report.staff.map((s) => ({ label: s.name, handled: s.handled, answered: s.answered })),
        [
          { dataKey: 'handled', label: headers[1] },
          { dataKey: 'answered', label: headers[2] },
        ],
        counts,
        labelWidth,
      );
  }
}
