import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { Fragment } from 'react';
import { visuallyHidden } from '@/components/visually-hidden';
import { cellContent, columnKey, isDataColumn } from './types';
import type { RowsLayoutProps } from './table-rows';

/**
 * The rows as a list of cards, each a list of header–value pairs: below the `sm` breakpoint, where a table
 * of five or more columns cannot be read. The first column is the card's title; actions span the card.
 */
export function StackedRows<Row, Column extends string>({
  label,
  columns,
  rows,
  emptyText,
  firstLoad,
  busy,
  skeletonRows,
  rowKey,
}: RowsLayoutProps<Row, Column>) {
  const itemSx = { px: 2, py: 1.5, '&:not(:first-of-type)': { borderTop: 1, borderColor: 'divider' } } as const;

  if (firstLoad) {
    return (
      <Box component="ul" aria-label={label} aria-busy={busy} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {Array.from({ length: Math.min(skeletonRows, 3) }, (_, index) => (
          <Box component="li" key={index} aria-hidden sx={itemSx}>
            <Skeleton variant="text" width="60%" />
            <Skeleton variant="text" />
            <Skeleton variant="text" />
          </Box>
        ))}
      </Box>
    );
  }

  return (
    <Box component="ul" aria-label={label} aria-busy={busy} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.length === 0 ? (
        <Box component="li" sx={{ ...itemSx, py: 4, textAlign: 'center', color: 'text.secondary' }}>
          {emptyText}
        </Box>
      ) : (
        rows.map((row, index) => (
          <Box component="li" key={rowKey?.(row) ?? index} sx={itemSx}>
            <Box
              component="dl"
              sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)', columnGap: 2, rowGap: 0.5 }}
            >
              {columns.map((column, position) =>
                isDataColumn(column) || column.value ? (
                  <Fragment key={columnKey(column)}>
                    <Box component="dt" sx={{ typography: 'body2', color: 'text.secondary' }}>
                      {column.header}
                    </Box>
                    <Box
                      component="dd"
                      sx={{ m: 0, typography: 'body2', fontWeight: position === 0 ? 500 : undefined, overflowWrap: 'anywhere' }}
                    >
                      {cellContent(column, row)}
                    </Box>
                  </Fragment>
                ) : (
                  <Fragment key={columnKey(column)}>
                    <Box component="dt" sx={visuallyHidden}>
                      {column.header}
                    </Box>
                    <Box component="dd" sx={{ m: 0, mt: 1, gridColumn: '1 / -1' }}>
                      {cellContent(column, row)}
                    </Box>
                  </Fragment>
                ),
              )}
            </Box>
          </Box>
        ))
      )}
    </Box>
  );
}
