import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import TableViewOutlined from '@mui/icons-material/TableViewOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { invoiceFileType, type InvoiceFileType, type InvoiceRow } from '@portal/contract';
import { formatMonth } from '@/lib/format';
import { useDownloadInvoiceFile } from '../api/download-invoice-file';

export const invoiceFileLabels: Record<InvoiceFileType, string> = {
  Pdf: 'PDF',
  PdfDetails: 'PDF specificatie',
  Excel: 'Excel',
  ExcelDetails: 'Excel specificatie',
};

export interface DownloadFailure {
  row: InvoiceRow;
  fileType: InvoiceFileType;
  error: unknown;
}

interface InvoiceDownloadsProps {
  row: InvoiceRow;
  /** A download starts (`null`) or fails: the page shows or clears its failure. */
  onOutcome: (failure: DownloadFailure | null) => void;
}

/** The four files of one invoice, each a button with a spinner of its own while it downloads. */
export function InvoiceDownloads({ row, onOutcome }: InvoiceDownloadsProps) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {invoiceFileType.options.map((fileType) => (
        <DownloadButton key={fileType} row={row} fileType={fileType} onOutcome={onOutcome} />
      ))}
    </Box>
  );
}

function DownloadButton({ row, fileType, onOutcome }: InvoiceDownloadsProps & { fileType: InvoiceFileType }) {
  const download = useDownloadInvoiceFile();
  const label = invoiceFileLabels[fileType];
  const isPdf = fileType === 'Pdf' || fileType === 'PdfDetails';

  const onClick = () => {
    onOutcome(null);
    download.mutate(
      { ProcessedMonth: row.processedMonth, ClientCode: row.clientCode, FileType: fileType },
      { onError: (error) => onOutcome({ row, fileType, error }) },
    );
  };

  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={isPdf ? <PictureAsPdfOutlined /> : <TableViewOutlined />}
      loading={download.isPending}
      loadingPosition="start"
      aria-label={`${label} ${formatMonth(row.processedMonth)} downloaden`}
      onClick={onClick}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {label}
    </Button>
  );
}
