import { calls, patientSearch, type PatientSearchResult } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { callApi } from '@/lib/api-client';

export const patientAutocompleteTexts = {
  loading: 'Patiënten zoeken...',
  noPatients: 'Geen patiënten gevonden',
  failed: 'Het zoeken naar patiënten is mislukt. Probeer het opnieuw.',
  found: (count: number) => (count === 1 ? '1 patiënt gevonden' : `${count} patiënten gevonden`),
  hint: (minCharacters: number) => `Typ minimaal ${minCharacters} tekens van de naam`,
  // The buttons beside the box, as MUI's Dutch locale named them in its Autocomplete.
  clear: 'Wissen',
  open: 'Openen',
  close: 'Sluiten',
} as const;

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

const none: PatientSearchResult[] = [];

export interface PatientSearch {
  /** What the popup lists: the patients found, or else the chosen one. */
  options: PatientSearchResult[];
  /** Fewer characters typed than the search needs. */
  tooShort: boolean;
  /** The user is still typing, or the server has not answered yet. */
  waiting: boolean;
  /** What the popup says when it lists no one. */
  message: string;
  /** What the live region announces. */
  status: string;
}

/**
 * The server's patients for the text in the box: asked after a pause in typing of `patientSearch.debounceMs`, and
 * only from `minCharacters` characters; the previous answer stays listed while the next is on its way.
 */
export function usePatientSearch(text: string, value: PatientSearchResult | null, minCharacters: number, hint: string): PatientSearch {
  // The name of the chosen patient in the box is not a new search.
  const searchText = value && text === value.patientName ? '' : text.trim();
  const settled = useSettledText(searchText, patientSearch.debounceMs);
  const enabled = settled.length >= minCharacters && settled === searchText;
  const search = useQuery({
    ...patientSearchQueryOptions(settled),
    enabled,
    placeholderData: keepPreviousData,
  });

  const found = enabled ? search.data : undefined;
  // One array per answer or choice: the popup highlights its first option again when the list changes.
  const options = useMemo(() => found ?? (value ? [value] : none), [found, value]);
  const tooShort = searchText.length < minCharacters;
  const waiting = !tooShort && (settled !== searchText || search.isFetching);

  let message: string = patientAutocompleteTexts.noPatients;
  if (tooShort) message = hint;
  else if (waiting) message = patientAutocompleteTexts.loading;
  else if (search.isError) message = patientAutocompleteTexts.failed;

  let status = '';
  if (tooShort) status = '';
  else if (waiting) status = patientAutocompleteTexts.loading;
  else if (search.isError) status = patientAutocompleteTexts.failed;
  else if (search.data) status = search.data.length ? patientAutocompleteTexts.found(search.data.length) : patientAutocompleteTexts.noPatients;

  return { options, tooShort, waiting, message, status };
}
