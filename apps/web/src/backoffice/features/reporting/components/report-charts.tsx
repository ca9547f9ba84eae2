import { BarChart } from '@mui/x-charts/BarChart';
import { reportingText } from '@portal/contract';
import type { Chart } from './report-chart-data';

/** The charts' own texts, in Dutch: an empty chart says what the report says. */
const localeText = { noData: reportingText.noItems };

/**
 * One figure's bars, in a chunk of its own with the chart library (about 80 kB gzipped): Rapportage's route loads
 * without it and fetches it as the report arrives (decision 0100).
 */
export default function ReportBars({ chart }: { chart: Chart }) {
  const { dataset, series, xAxis, yAxis, layout, height } = chart;
  return (
    <BarChart
      dataset={dataset}
      series={series}
      xAxis={xAxis}
      yAxis={yAxis}
      layout={layout}
      height={height}
      localeText={localeText}
      skipAnimation
      slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'top', horizontal: 'start' } } }}
    />
  );
}
