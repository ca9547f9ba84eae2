import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { feedback, type Report, type ReportFigure } from '@portal/contract';
import { useLazyComponent, type ComponentModule } from '@/components/lazy-component';
import { LoadFailed } from '@/components/load-failed';
import { chartOf, type Chart } from './report-chart-data';

const loadBars: ComponentModule<{ chart: Chart }> = () => import('./report-charts');

/**
 * One figure's chart. To a screen reader it is one image named by what it shows and where its numbers are: the
 * table under it says the same, cell by cell. Its place keeps the chart's height while the library comes, so the
 * tables under it do not jump; a failed fetch says so beside it, with a retry, outside the image.
 */
export function ReportChart({ report, figure, label }: { report: Report; figure: ReportFigure; label: string }) {
  // A phone keeps most of its width for the bars; the names are in full in the table.
  const wide = useMediaQuery(useTheme().breakpoints.up('sm'), { noSsr: true });
  const chart = chartOf(report, figure, wide ? 190 : 110);
  const { component: Bars, error, retry } = useLazyComponent(loadBars);
  if (error) return <LoadFailed message={feedback.serverError} error={error} onRetry={retry} />;
  return (
    <Box role="img" aria-label={label} sx={{ width: '100%', minHeight: chart.height, mb: 2 }}>
      {Bars && <Bars chart={chart} />}
    </Box>
  );
}
