import FirstPage from '@mui/icons-material/FirstPage';
import KeyboardArrowLeft from '@mui/icons-material/KeyboardArrowLeft';
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight';
import LastPage from '@mui/icons-material/LastPage';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { SelectBox, selectBoxSx, selectOptions } from '@/components/form/native-select-field';
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

const tablePagerText = {
  rowsPerPage: 'Rijen per pagina:',
  first: 'Ga naar eerste pagina',
  previous: 'Ga naar vorige pagina',
  next: 'Ga naar volgende pagina',
  last: 'Ga naar laatste pagina',
} as const;

/**
 * The pager under a list of rows: "1–10 van 1.234" in Dutch digits, the page size as the browser's own select,
 * first, previous, next and last buttons; it wraps on a phone. The portal's own rather than MUI's TablePagination,
 * which brings MUI's Select, Menu and Popover into every table screen (decision 0105); the names and texts are
 * those of MUI's Dutch pager.
 */
export function TablePager({ count, page, rowsPerPage, onPageChange, rowsPerPageChoice }: TablePagerProps) {
  const sizeId = useId();
  const lastPage = Math.max(0, Math.ceil(count / rowsPerPage) - 1);
  const from = count === 0 ? 0 : page * rowsPerPage + 1;
  const to = Math.min(count, (page + 1) * rowsPerPage);
  const step = (label: string, target: number, disabled: boolean, icon: ReactNode) => (
    <IconButton aria-label={label} disabled={disabled} onClick={() => onPageChange(target)} color="inherit">
      {icon}
    </IconButton>
  );
  return (
    <Box
      sx={{
        borderTop: 1,
        borderColor: 'divider',
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'flex-end',
        columnGap: { xs: 1, sm: 2.5 },
        rowGap: 0.5,
        minHeight: 52,
        pl: 2,
        pr: 1,
        typography: 'body2',
      }}
    >
      {rowsPerPageChoice && rowsPerPageChoice.options.length > 0 && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography component="label" htmlFor={sizeId} variant="body2">
            {tablePagerText.rowsPerPage}
          </Typography>
          <InputBase
            id={sizeId}
            inputComponent={SelectBox}
            value={rowsPerPage}
            onChange={(event) => rowsPerPageChoice.onChange(Number(event.target.value))}
            inputProps={{ children: selectOptions(rowsPerPageChoice.options.map((option) => ({ value: String(option), label: String(option) }))) }}
            sx={{ ...selectBoxSx, typography: 'body2', '& select': { ...selectBoxSx['& select'], py: 0.5, pl: 1 } }}
          />
        </Box>
      )}
      <Typography variant="body2" component="p" sx={{ m: 0 }}>
        {`${formatInteger(from)}–${formatInteger(to)} van ${formatInteger(count)}`}
      </Typography>
      <Box sx={{ display: 'flex' }}>
        {step(tablePagerText.first, 0, page === 0, <FirstPage />)}
        {step(tablePagerText.previous, page - 1, page === 0, <KeyboardArrowLeft />)}
        {step(tablePagerText.next, page + 1, page >= lastPage, <KeyboardArrowRight />)}
        {step(tablePagerText.last, lastPage, page >= lastPage, <LastPage />)}
      </Box>
    </Box>
  );
}
