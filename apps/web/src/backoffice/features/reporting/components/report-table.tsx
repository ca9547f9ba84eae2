import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { reportingText, type ReportTable as Figures } from '@portal/contract';

/**
 * A figure's numbers as a table: the chart's text alternative, the same columns and cells as its CSV file. It
 * scrolls sideways on a narrow screen rather than squeezing its columns; its frame takes the keyboard's focus, so
 * that the arrow keys scroll it too.
 */
export function ReportTable({ label, table }: { label: string; table: Figures }) {
  return (
    <TableContainer tabIndex={0} role="region" aria-label={reportingText.tableLabel(label)} sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {table.headers.map((header, index) => (
              <TableCell key={header} align={index === 0 ? 'left' : 'right'} sx={{ whiteSpace: index === 0 ? undefined : 'nowrap' }}>
                {header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {table.rows.map((row) => (
            <TableRow key={String(row[0]) + String(row[1])}>
              {row.map((cell, index) =>
                index === 0 ? (
                  <TableCell key={index} component="th" scope="row">
                    {cell}
                  </TableCell>
                ) : (
                  <TableCell key={index} align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {cell === '' ? '–' : cell}
                  </TableCell>
                ),
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
