import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { feedback, reportFigureTexts, reportingText, reportTable, type Report, type ReportFigure, type ReportQuery } from '@portal/contract';
import { useId, useState } from 'react';
import { failureMessage } from '@/lib/form-errors';
import { saveFile } from '@/lib/save-file';
import { downloadFigureCsv } from '../api/reporting';
import { ReportChart } from './report-chart';
import { ReportTable } from './report-table';

/** One figure of the report: its heading and what it counts, the chart, the same numbers as a table, and its CSV. */
export function ReportFigureCard({ report, figure, period }: { report: Report; figure: ReportFigure; period: ReportQuery }) {
  const headingId = useId();
  const texts = reportFigureTexts[figure];
  const table = reportTable(report, figure);
  const [downloading, setDownloading] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  // Acts on items of before the period may fill the staff's figure when nothing arrived in it.
  const empty = figure === 'staff' ? report.staff.length === 0 : report.kinds.length === 0;

  const download = async () => {
    setDownloading(true);
    setFailure(null);
    try {
      saveFile(await downloadFigureCsv(figure, period));
    } catch (error) {
      setFailure(error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
          <Typography id={headingId} variant="h2">
            {texts.title}
          </Typography>
          <Button
            variant="outlined"
            size="small"
            startIcon={<FileDownloadOutlined />}
            loading={downloading}
            aria-label={`${reportingText.download}: ${texts.title}`}
            onClick={() => void download()}
          >
            {reportingText.download}
          </Button>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {texts.explanation}
        </Typography>
        {failure !== null && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failureMessage(failure, feedback.serverError)}
          </Alert>
        )}
        {empty ? <Typography>{reportingText.noItems}</Typography> : <ReportChart report={report} figure={figure} label={reportingText.chartLabel(texts.title)} />}
        {!empty && <ReportTable label={texts.title} table={table} />}
      </CardContent>
    </Card>
  );
}
