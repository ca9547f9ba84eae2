import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import TableViewOutlined from '@mui/icons-material/TableViewOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { invoiceFileType, type InvoiceFileType, type InvoiceRow } from '@portal/contract';
import { useId, useState } from 'react';
import { failureMessage } from '@/lib/form-errors';
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

/** What a failed download says: which file of which month, and what the failure adds. */
export function downloadFailedText({ row, fileType, error }: DownloadFailure): string {
  return failureMessage(
    error,
    `Het downloaden van ‘${invoiceFileLabels[fileType]}’ van ${formatMonth(row.processedMonth)} is mislukt. Probeer het opnieuw.`,
  );
}

interface InvoiceDownloadsProps {
  row: InvoiceRow;
  /** A download starts (`null`) or fails: the page shows or clears its failure. */
  onOutcome: (failure: DownloadFailure | null) => void;
}

/**
 * One "Downloaden" button per invoice that opens a menu of its four files; the button shows a spinner while a
 * file downloads. One button per row keeps the table calm and the tab order short.
 */
export function InvoiceDownloads({ row, onOutcome }: InvoiceDownloadsProps) {
  const download = useDownloadInvoiceFile();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const month = formatMonth(row.processedMonth);

  const start = (fileType: InvoiceFileType) => {
    setAnchor(null);
    onOutcome(null);
    download.mutate(
      { ProcessedMonth: row.processedMonth, ClientCode: row.clientCode, FileType: fileType },
      { onError: (error) => onOutcome({ row, fileType, error }) },
    );
  };

  return (
    <>
      <Button
        size="small"
        variant="outlined"
        endIcon={<ArrowDropDown />}
        loading={download.isPending}
        loadingPosition="end"
        aria-label={`Factuur ${month} downloaden`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ whiteSpace: 'nowrap' }}
      >
        Downloaden
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {invoiceFileType.options.map((fileType) => (
          <MenuItem key={fileType} onClick={() => start(fileType)}>
            <ListItemIcon>
              {fileType.startsWith('Pdf') ? <PictureAsPdfOutlined fontSize="small" /> : <TableViewOutlined fontSize="small" />}
            </ListItemIcon>
            <ListItemText>{invoiceFileLabels[fileType]}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** The "Downloaden" menu of one invoice standing alone (the dashboard): a failed download is said beneath it. */
export function StandaloneInvoiceDownloads({ row }: { row: InvoiceRow }) {
  const [failure, setFailure] = useState<DownloadFailure | null>(null);
  return (
    <Box>
      <InvoiceDownloads row={row} onOutcome={setFailure} />
      {failure && (
        <Alert severity="error" sx={{ mt: 1 }} onClose={() => setFailure(null)}>
          {downloadFailedText(failure)}
        </Alert>
      )}
    </Box>
  );
}
