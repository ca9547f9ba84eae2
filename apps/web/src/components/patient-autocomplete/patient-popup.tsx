import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { alpha, type Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { PatientSearchResult } from '@portal/contract';
import { useEffect, useRef } from 'react';
import { formatDate } from '@/lib/format';

export interface Highlight {
  index: number;
  /** Set by the pointer: the option is tinted, without the focus ring of a keyboard's highlight. */
  byMouse: boolean;
}

interface PatientPopupProps {
  listboxId: string;
  labelId: string;
  optionId: (index: number) => string;
  options: PatientSearchResult[];
  value: PatientSearchResult | null;
  /** The highlighted option; -1 for none. */
  active: number;
  byMouse: boolean;
  /** Said instead of a list when there is no option. */
  message: string;
  onHighlight: (highlight: Highlight) => void;
  onChoose: (patient: PatientSearchResult) => void;
}

/** Scrolls the list just far enough to show the option (the page itself stays where it is). */
function keepInView(list: HTMLElement | null, option: Element | null | undefined) {
  if (!list || !(option instanceof HTMLElement)) return;
  if (option.offsetTop < list.scrollTop) list.scrollTop = option.offsetTop;
  else if (option.offsetTop + option.offsetHeight > list.scrollTop + list.clientHeight) {
    list.scrollTop = option.offsetTop + option.offsetHeight - list.clientHeight;
  }
}

const optionSx = (theme: Theme) => ({
  display: 'block',
  minHeight: { xs: 48, sm: 'auto' },
  px: 2,
  py: 0.75,
  cursor: 'pointer',
  '&[data-chosen="true"]': { backgroundColor: alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity) },
  '&[aria-selected="true"]': { backgroundColor: theme.palette.action.hover },
  '&[aria-selected="true"][data-chosen="true"]': {
    backgroundColor: alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity + theme.palette.action.hoverOpacity),
  },
  // The keyboard's highlight is the focus of the field (aria-activedescendant): the theme's ring inside the option.
  '&[aria-selected="true"][data-by-mouse="false"]': { outline: `3px solid ${theme.palette.primary.dark}`, outlineOffset: -3 },
});

/**
 * The popup under the patient search: the patients as a listbox, or a line saying why there are none (too few
 * characters, searching, nothing found, failed). A press inside it never takes the focus from the box.
 */
export function PatientPopup({ listboxId, labelId, optionId, options, value, active, byMouse, message, onHighlight, onChoose }: PatientPopupProps) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => keepInView(list.current, list.current?.children[active]), [active]);

  return (
    <Paper
      elevation={8}
      onMouseDown={(event) => event.preventDefault()}
      sx={{ position: 'absolute', top: '100%', left: 0, right: 0, mt: 0.5, zIndex: (theme) => theme.zIndex.modal, overflow: 'hidden' }}
    >
      {options.length ? (
        <Box
          component="ul"
          ref={list}
          id={listboxId}
          role="listbox"
          aria-labelledby={labelId}
          sx={{ listStyle: 'none', m: 0, py: 1, px: 0, maxHeight: '40vh', overflowY: 'auto', position: 'relative' }}
        >
          {options.map((patient, index) => (
            <Box
              component="li"
              key={patient.patientId}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              data-chosen={patient.patientId === value?.patientId}
              data-by-mouse={byMouse}
              onMouseMove={() => {
                if (index !== active || !byMouse) onHighlight({ index, byMouse: true });
              }}
              onClick={() => onChoose(patient)}
              sx={optionSx}
            >
              <Typography component="span" display="block">
                {patient.patientName}
              </Typography>
              <Typography component="span" variant="body2" color="text.secondary" display="block">
                {formatDate(patient.birthDate)} · {patient.facility}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : (
        <Typography component="div" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
          {message}
        </Typography>
      )}
    </Paper>
  );
}
