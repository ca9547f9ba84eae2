import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { calls, patientSearch, type PatientSearchResult } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type Ref } from 'react';
import { visuallyHidden } from '@/components/visually-hidden';
import { callApi } from '@/lib/api-client';
import { formatDate } from '@/lib/format';

export const patientAutocompleteTexts = {
  loading: 'Patiënten zoeken...',
  noPatients: 'Geen patiënten gevonden',
  failed: 'Het zoeken naar patiënten is mislukt. Probeer het opnieuw.',
  found: (count: number) => (count === 1 ? '1 patiënt gevonden' : `${count} patiënten gevonden`),
} as const;

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

export function patientSearchQueryOptions(search: string) {
  return {
    queryKey: ['patient', 'search', search] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      callApi(calls.patient.searchPatients, { body: { search }, signal }),
    staleTime: 30_000,
  };
}

/** The text typed, once the user has paused for `delayMs`. */
function useSettledText(text: string, delayMs: number): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);
  return settled;
}

/**
 * Finds a patient of the customer by name: the server is asked after a pause in typing of
 * `patientSearch.debounceMs`, and only once the minimum number of characters is typed. Each option shows the
 * name, the birth date and the department, so that namesakes can be told apart.
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
  const [inputValue, setInputValue] = useState(value?.patientName ?? '');
  const [open, setOpen] = useState(false);
  const typed = inputValue.trim();
  // The name of the chosen patient in the box is not a new search.
  const searchText = value && inputValue === value.patientName ? '' : typed;
  const settled = useSettledText(searchText, patientSearch.debounceMs);
  const enabled = settled.length >= minCharacters && settled === searchText;
  const search = useQuery({
    ...patientSearchQueryOptions(settled),
    enabled,
    placeholderData: keepPreviousData,
  });

  // A value set from outside (a form reset) shows its name, or empties the box.
  useEffect(() => {
    setInputValue(value?.patientName ?? '');
  }, [value]);

  const tooShort = searchText.length < minCharacters;
  const waiting = !tooShort && (settled !== searchText || search.isFetching);
  const options = enabled && search.data ? search.data : value ? [value] : [];
  const hintText = hint ?? `Typ minimaal ${minCharacters} tekens van de naam`;

  let status = '';
  if (tooShort) status = '';
  else if (waiting) status = patientAutocompleteTexts.loading;
  else if (search.isError) status = patientAutocompleteTexts.failed;
  else if (search.data) status = search.data.length ? patientAutocompleteTexts.found(search.data.length) : patientAutocompleteTexts.noPatients;

  return (
    <>
      <Autocomplete<PatientSearchResult, false, false, false>
        value={value}
        onChange={(_event, patient) => onChange(patient)}
        inputValue={inputValue}
        onInputChange={(_event, text) => setInputValue(text)}
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        options={options}
        filterOptions={(list) => list}
        getOptionLabel={(patient) => patient.patientName}
        isOptionEqualToValue={(option, chosen) => option.patientId === chosen.patientId}
        loading={waiting}
        loadingText={patientAutocompleteTexts.loading}
        noOptionsText={
          tooShort ? hintText : search.isError ? patientAutocompleteTexts.failed : patientAutocompleteTexts.noPatients
        }
        disabled={disabled}
        autoHighlight
        onBlur={onBlur}
        renderOption={({ key, ...props }, patient) => (
          <Box component="li" key={key} {...props}>
            <Box>
              <Typography component="span" display="block">
                {patient.patientName}
              </Typography>
              <Typography component="span" variant="body2" color="text.secondary" display="block">
                {formatDate(patient.birthDate)} · {patient.facility}
              </Typography>
            </Box>
          </Box>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            name={name}
            inputRef={inputRef}
            label={label}
            required={required}
            error={error}
            helperText={helperText ?? hintText}
            slotProps={{
              input: {
                ...params.InputProps,
                endAdornment: (
                  <>
                    {waiting && open ? <CircularProgress color="inherit" size={20} aria-hidden /> : null}
                    {params.InputProps.endAdornment}
                  </>
                ),
              },
            }}
          />
        )}
      />
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {status}
      </Box>
    </>
  );
}
