import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import dayjs, { type Dayjs } from 'dayjs';
import { dayLabel } from './date-text';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

// Intl knows the Dutch names, so no dayjs locale is loaded for them.
const monthTitle = new Intl.DateTimeFormat('nl-NL', { month: 'long', year: 'numeric' });
const shortWeekday = new Intl.DateTimeFormat('nl-NL', { weekday: 'short' });
const longWeekday = new Intl.DateTimeFormat('nl-NL', { weekday: 'long' });

/** Monday first, as Dutch calendars are: 0 = Monday … 6 = Sunday. */
const weekdayIndex = (day: Dayjs) => (day.day() + 6) % 7;
// 2 March 2026 is a Monday: the column headers are the days of that week.
const week = Array.from({ length: 7 }, (_, i) => new Date(2026, 2, 2 + i));

function weeksOf(month: Dayjs): (Dayjs | null)[][] {
  const first = month.startOf('month');
  const cells: (Dayjs | null)[] = Array.from({ length: weekdayIndex(first) }, () => null);
  for (let d = 0; d < first.daysInMonth(); d += 1) cells.push(first.add(d, 'day'));
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

export interface CalendarProps {
  anchor: HTMLElement | null;
  /** The chosen day, if any: the calendar opens on it. */
  value: Dayjs | null;
  minDate?: Dayjs;
  maxDate?: Dayjs;
  onPick: (day: Dayjs) => void;
  /** Escape or a click elsewhere; `returnFocus`: the focus goes back to the field's button. */
  onClose: (returnFocus: boolean) => void;
}

/**
 * The month grid behind a date field's calendar button (the keyboard of the WAI-ARIA date picker dialog): arrows
 * move a day or a week, PageUp/PageDown a month (with Shift a year), Home/End to the week's start and end, Enter
 * or Space choose, Escape closes; Tab stays inside. Days outside the limits stay reachable, so the arrows never get
 * stuck, but cannot be chosen.
 */
export function CalendarDialog({ anchor, value, minDate, maxDate, onPick, onClose }: CalendarProps) {
  const titleId = useId();
  const outside = (day: Dayjs) => Boolean((minDate?.isValid() && day.isBefore(minDate, 'day')) || (maxDate?.isValid() && day.isAfter(maxDate, 'day')));
  const [focused, setFocused] = useState(() => {
    if (value?.isValid()) return value.startOf('day');
    const today = dayjs().startOf('day');
    if (minDate?.isValid() && today.isBefore(minDate, 'day')) return minDate.startOf('day');
    if (maxDate?.isValid() && today.isAfter(maxDate, 'day')) return maxDate.startOf('day');
    return today;
  });
  const grid = useRef<HTMLDivElement | null>(null);
  const moved = useRef(false);

  // The focus follows the keys, but not the month buttons, which keep it.
  useEffect(() => {
    if (moved.current) grid.current?.querySelector<HTMLElement>('[data-focused="true"]')?.focus();
    moved.current = false;
  }, [focused]);
  // The Popper mounts the grid a render after this component: it takes the focus as it appears.
  const gridRef = useCallback((element: HTMLDivElement | null) => {
    if (element && !grid.current) element.querySelector<HTMLElement>('[data-focused="true"]')?.focus();
    grid.current = element;
  }, []);

  const move = (next: Dayjs) => {
    moved.current = true;
    setFocused(next);
  };
  const choose = (day: Dayjs) => {
    if (!outside(day)) onPick(day);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const step: Record<string, () => Dayjs> = {
      ArrowLeft: () => focused.subtract(1, 'day'),
      ArrowRight: () => focused.add(1, 'day'),
      ArrowUp: () => focused.subtract(1, 'week'),
      ArrowDown: () => focused.add(1, 'week'),
      PageUp: () => focused.subtract(1, event.shiftKey ? 'year' : 'month'),
      PageDown: () => focused.add(1, event.shiftKey ? 'year' : 'month'),
      Home: () => focused.subtract(weekdayIndex(focused), 'day'),
      End: () => focused.add(6 - weekdayIndex(focused), 'day'),
    };
    const next = step[event.key];
    if (!next) return;
    event.preventDefault();
    move(next());
  };

  // Tab goes round the month buttons and the grid's day, as in a modal dialog; only Escape or a choice leaves.
  const keepFocusInside = (event: KeyboardEvent<HTMLElement>) => {
    const stops = [...event.currentTarget.querySelectorAll<HTMLElement>('button:not([tabindex="-1"])')];
    const first = stops[0];
    const last = stops[stops.length - 1];
    if (event.shiftKey && document.activeElement === first) last?.focus();
    else if (!event.shiftKey && document.activeElement === last) first?.focus();
    else return;
    event.preventDefault();
  };

  const today = dayjs();
  return (
    <Popper open anchorEl={anchor} placement="bottom-start" sx={{ zIndex: (theme) => theme.zIndex.modal }}>
      <ClickAwayListener onClickAway={(event) => !anchor?.contains(event.target as Node) && onClose(false)}>
        <Paper
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          elevation={8}
          sx={{ p: 1.5, mt: 0.5, width: 'min(20rem, calc(100vw - 16px))' }}
          onKeyDown={(event) => {
            if (event.key === 'Tab') keepFocusInside(event);
            if (event.key !== 'Escape') return;
            event.stopPropagation();
            onClose(true);
          }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
            <IconButton aria-label="Vorige maand" onClick={() => setFocused(focused.subtract(1, 'month'))}>
              <ChevronLeft />
            </IconButton>
            <Box id={titleId} aria-live="polite" sx={{ fontWeight: 500 }}>
              {monthTitle.format(focused.toDate())}
            </Box>
            <IconButton aria-label="Volgende maand" onClick={() => setFocused(focused.add(1, 'month'))}>
              <ChevronRight />
            </IconButton>
          </Box>
          <Box role="grid" aria-labelledby={titleId} ref={gridRef} onKeyDown={onKeyDown}>
            <Box role="row" sx={rowSx}>
              {week.map((day) => (
                <Box key={day.getDay()} role="columnheader" aria-label={longWeekday.format(day)} sx={{ ...cellSx, color: 'text.secondary', fontSize: '0.8rem' }}>
                  {shortWeekday.format(day)}
                </Box>
              ))}
            </Box>
            {weeksOf(focused).map((days, w) => (
              <Box key={w} role="row" sx={rowSx}>
                {days.map((day, i) =>
                  day === null ? (
                    <Box key={`empty-${i}`} role="gridcell" sx={cellSx} />
                  ) : (
                    <Box
                      key={day.date()}
                      component="button"
                      type="button"
                      role="gridcell"
                      aria-label={dayLabel(day)}
                      aria-selected={Boolean(value?.isValid() && day.isSame(value, 'day'))}
                      aria-disabled={outside(day) || undefined}
                      aria-current={day.isSame(today, 'day') ? 'date' : undefined}
                      data-focused={day.isSame(focused, 'day')}
                      tabIndex={day.isSame(focused, 'day') ? 0 : -1}
                      onClick={() => choose(day)}
                      onKeyDown={(event) => {
                        if (event.key !== 'Enter' && event.key !== ' ') return;
                        event.preventDefault();
                        choose(day);
                      }}
                      sx={dayButtonSx}
                    >
                      {day.date()}
                    </Box>
                  ),
                )}
              </Box>
            ))}
          </Box>
        </Paper>
      </ClickAwayListener>
    </Popper>
  );
}

const rowSx = { display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 0.25 } as const;
const cellSx = { display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: 40 } as const;
const dayButtonSx = {
  ...cellSx,
  border: 0,
  borderRadius: '50%',
  font: 'inherit',
  bgcolor: 'transparent',
  color: 'text.primary',
  cursor: 'pointer',
  '&:hover': { bgcolor: 'action.hover' },
  // The day the arrows start from shows as the grid opens, also when a click (no focus ring) opened it.
  '&:focus': { bgcolor: 'action.focus' },
  '&[aria-current="date"]': { outline: '1px solid', outlineColor: 'text.secondary', outlineOffset: -1 },
  '&[aria-selected="true"]': { bgcolor: 'primary.main', color: 'primary.contrastText' },
  '&[aria-disabled="true"]': { color: 'text.disabled', cursor: 'default', bgcolor: 'transparent', textDecoration: 'line-through' },
} as const;

export default CalendarDialog;
