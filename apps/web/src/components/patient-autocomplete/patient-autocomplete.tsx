import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';
import { patientSearch, type PatientSearchResult } from '@portal/contract';
import { useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { FieldFrame } from '@/components/form/plain-text-field';
import { visuallyHidden } from '@/components/visually-hidden';
import { PatientPopup, type Highlight } from './patient-popup';
import { patientAutocompleteTexts, usePatientSearch } from './use-patient-search';

export { patientAutocompleteTexts, patientSearchQueryOptions } from './use-patient-search';

export interface PatientAutocompleteProps {
  value: PatientSearchResult | null;
  onChange: (patient: PatientSearchResult | null) => void;
  onBlur?: () => void;
  label?: string;
  /** Searching starts from this many typed characters (the product's validation rules). */
  minCharacters?: number;
  /** What the user should type; shown under the field while there is no error. */
  hint?: string;
  error?: boolean;
  /** An error message; it replaces the hint. */
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** As MUI's autoHighlight did: a new list highlights the chosen patient, or else the first. */
function firstOf(options: PatientSearchResult[], value: PatientSearchResult | null): Highlight {
  const chosen = value ? options.findIndex((patient) => patient.patientId === value.patientId) : -1;
  return { index: chosen >= 0 ? chosen : options.length ? 0 : -1, byMouse: false };
}

/** The next option up or down, round from the last to the first and back. */
function step(index: number, diff: 1 | -1, count: number): number {
  if (index < 0) return diff > 0 ? 0 : count - 1;
  return (index + diff + count) % count;
}

const indicatorSx = { p: '2px', mr: '-2px' } as const;

/**
 * Finds a patient of the customer by name: the server is asked after a pause in typing of
 * `patientSearch.debounceMs`, and only once the minimum number of characters is typed. Each option shows the
 * name, the birth date and the department, so that namesakes can be told apart. A combobox with a listbox popup
 * (WAI-ARIA 1.2) of MUI's field parts, in place of MUI's Autocomplete, which brought its own kit and Popper.
 */
export function PatientAutocomplete({
  value,
  onChange,
  onBlur,
  label = 'Patiënt',
  minCharacters = patientSearch.minCharacters,
  hint,
  error = false,
  helperText,
  required,
  disabled,
  name,
  inputRef,
}: PatientAutocompleteProps) {
  const id = useId();
  const listboxId = `${id}-listbox`;
  // FieldFrame's hint under the field, which the box always names.
  const helperId = `${id}-helper-text`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const input = useRef<HTMLInputElement | null>(null);
  // As MUI's selectOnFocus: the first click into the box selects the name in it, so typing replaces it.
  const selectOnClick = useRef(true);
  const [text, setText] = useState(value?.patientName ?? '');
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState<Highlight>({ index: -1, byMouse: false });
  const hintText = hint ?? patientAutocompleteTexts.hint(minCharacters);
  const { options, waiting, message, status } = usePatientSearch(text, value, minCharacters, hintText);

  // A value set from outside (a form reset) shows its name, or empties the box.
  const [seenValue, setSeenValue] = useState(value);
  if (seenValue !== value) {
    setSeenValue(value);
    setText(value?.patientName ?? '');
  }
  const [seenOptions, setSeenOptions] = useState(options);
  if (seenOptions !== options) {
    setSeenOptions(options);
    setHighlight(firstOf(options, value));
  }

  const shown = open && !disabled;
  const listed = shown && options.length > 0;
  const active = listed && highlight.index < options.length ? highlight.index : -1;

  const show = () => {
    if (open) return;
    setOpen(true);
    setHighlight(firstOf(options, value));
  };
  const choose = (patient: PatientSearchResult) => {
    setText(patient.patientName);
    setOpen(false);
    if (patient !== value) onChange(patient);
  };
  const clear = () => {
    setText('');
    if (value) onChange(null);
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) show();
        else if (options.length) setHighlight({ index: step(active, event.key === 'ArrowDown' ? 1 : -1, options.length), byMouse: false });
        return;
      }
      case 'Enter': {
        const patient = active >= 0 ? options[active] : undefined;
        // Without a highlighted option Enter does what it does in any field of the form: submit it.
        if (!patient) return;
        event.preventDefault();
        choose(patient);
        return;
      }
      case 'Escape': {
        if (!shown) return;
        // Only the popup closes, not a dialog the field is in.
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        return;
      }
    }
  };

  return (
    <>
      <FieldFrame id={id} label={label} required={required} disabled={disabled} error={error} helperText={helperText ?? hintText}>
        {() => (
        <Box
          sx={{
            position: 'relative',
            display: 'flex',
            '&:hover .patient-clear, &:focus-within .patient-clear': { visibility: 'visible' },
          }}
        >
          <OutlinedInput
            fullWidth
            id={id}
            name={name}
            label={label}
            value={text}
            inputRef={(element: HTMLInputElement | null) => {
              input.current = element;
              if (typeof inputRef === 'function') inputRef(element);
              else if (inputRef) inputRef.current = element;
            }}
            inputProps={{
              role: 'combobox',
              'aria-autocomplete': 'list',
              'aria-expanded': listed,
              'aria-controls': listed ? listboxId : undefined,
              'aria-activedescendant': active >= 0 ? optionId(active) : undefined,
              'aria-describedby': helperId,
              autoComplete: 'off',
              autoCapitalize: 'none',
              spellCheck: false,
            }}
            onChange={(event) => {
              const typed = event.target.value;
              setText(typed);
              // Emptying the box lets go of the patient, as MUI's did; typing anything else searches.
              if (typed === '') {
                if (value) onChange(null);
              } else show();
            }}
            // A press on the box opens the popup, and closes it again while the box is empty (as MUI's did).
            onMouseDown={(event) => {
              if (disabled || event.target !== input.current) return;
              if (!open) show();
              else if (text === '') setOpen(false);
            }}
            onClick={(event) => {
              const box = input.current;
              if (event.target !== box || !box) return;
              if (selectOnClick.current && box.selectionStart === box.selectionEnd) box.select();
              selectOnClick.current = false;
            }}
            onKeyDown={onKeyDown}
            onBlur={() => {
              selectOnClick.current = true;
              setOpen(false);
              // Typed text that chose no one gives way to the chosen patient's name again (MUI's clearOnBlur).
              setText(value?.patientName ?? '');
              onBlur?.();
            }}
            endAdornment={
              <InputAdornment position="end" onMouseDown={(event) => event.preventDefault()}>
                {waiting && shown ? <CircularProgress color="inherit" size={20} aria-hidden sx={{ mr: 0.5 }} /> : null}
                {text || value ? (
                  <IconButton
                    className="patient-clear"
                    aria-label={patientAutocompleteTexts.clear}
                    title={patientAutocompleteTexts.clear}
                    tabIndex={-1}
                    size="small"
                    disabled={disabled}
                    onClick={clear}
                    sx={{ ...indicatorSx, p: '4px', visibility: 'hidden' }}
                  >
                    <Close fontSize="small" />
                  </IconButton>
                ) : null}
                <IconButton
                  aria-label={shown ? patientAutocompleteTexts.close : patientAutocompleteTexts.open}
                  title={shown ? patientAutocompleteTexts.close : patientAutocompleteTexts.open}
                  tabIndex={-1}
                  disabled={disabled}
                  onClick={() => {
                    if (shown) setOpen(false);
                    else show();
                    input.current?.focus();
                  }}
                  sx={{ ...indicatorSx, transform: shown ? 'rotate(180deg)' : undefined }}
                >
                  <ArrowDropDown />
                </IconButton>
              </InputAdornment>
            }
          />
          {shown ? (
            <PatientPopup
              listboxId={listboxId}
              labelId={`${id}-label`}
              optionId={optionId}
              options={options}
              value={value}
              active={active}
              byMouse={highlight.byMouse}
              message={message}
              onHighlight={setHighlight}
              onChoose={choose}
            />
          ) : null}
        </Box>
        )}
      </FieldFrame>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {status}
      </Box>
    </>
  );
}
