import TablePagination from '@mui/material/TablePagination';
import { formatInteger } from '@/lib/format';

interface TablePagerProps {
  count: number;
  /** The shown page, from 0. */
  page: number;
  rowsPerPage: number;
  onPageChange: (page: number) => void;
  /** The page sizes the user may choose from, with the choice; without them the page size is fixed. */
  rowsPerPageChoice?: { options: number[]; onChange: (rowsPerPage: number) => void };
}

/** The pager under a list of rows: "1–10 van 1.234" in Dutch digits, first and last buttons, wrapping on a phone. */
export function TablePager({ count, page, rowsPerPage, onPageChange, rowsPerPageChoice }: TablePagerProps) {
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      rowsPerPage={rowsPerPage}
      rowsPerPageOptions={rowsPerPageChoice?.options ?? []}
      onPageChange={(_, next) => onPageChange(next)}
      onRowsPerPageChange={rowsPerPageChoice && ((event) => rowsPerPageChoice.onChange(Number(event.target.value)))}
      labelRowsPerPage={rowsPerPageChoice && 'Rijen per pagina:'}
      labelDisplayedRows={({ from, to, count: all }) => `${formatInteger(from)}–${formatInteger(to)} van ${formatInteger(all)}`}
      showFirstButton
      showLastButton
      sx={{
        borderTop: 1,
        borderColor: 'divider',
        // The page-size choice may wrap onto a line of its own on a phone: a little room between the lines.
        '& .MuiTablePagination-toolbar': {
          flexWrap: 'wrap',
          justifyContent: 'flex-end',
          rowGap: rowsPerPageChoice ? 0.5 : undefined,
          pl: 2,
          pr: 1,
        },
        '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
        '& .MuiTablePagination-actions': { ml: { xs: 1, sm: 2.5 } },
      }}
    />
  );
}
