import { calls, patientSearch, type PatientSearchResult } from '@portal/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, problemResponse, stubFetch } from '@/testing/fetch-stub';
import { renderRoutes } from '@/testing/render-routes';
import { logIn } from '@/testing/session';
import { PatientAutocomplete, patientAutocompleteTexts, type PatientAutocompleteProps } from './patient-autocomplete';

const patients: PatientSearchResult[] = [
  { patientId: 11, patientName: 'Jansen, Maria', birthDate: '1941-03-07', facility: 'Afdeling Noord' },
  { patientId: 12, patientName: 'Jansen, Pieter', birthDate: '1938-11-23', facility: 'Afdeling Zuid' },
];

const searchPath = calls.patient.searchPatients.path;

function Harness(props: Partial<PatientAutocompleteProps> & { onPick?: (p: PatientSearchResult | null) => void }) {
  const { onPick, ...rest } = props;
  const [value, setValue] = useState<PatientSearchResult | null>(null);
  return (
    <>
      <PatientAutocomplete
        value={value}
        onChange={(patient) => {
          setValue(patient);
          onPick?.(patient);
        }}
        {...rest}
      />
      <button type="button" onClick={() => setValue(null)}>
        Leegmaken
      </button>
    </>
  );
}

function renderHarness(props: Parameters<typeof Harness>[0] = {}) {
  logIn();
  return renderRoutes([{ path: '/', element: <Harness {...props} /> }], '/');
}

const field = () => screen.getByRole('combobox', { name: /^Patiënt/ });

describe('PatientAutocomplete', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('searches once, after a pause of a second, and shows name, birth date and department', async () => {
    const server = stubFetch((request) => (request.url.pathname === searchPath ? jsonResponse(patients) : problemResponse(404)));
    const onPick = vi.fn();
    const user = userEvent.setup();
    renderHarness({ onPick });

    // Typed on a fake clock, as changes of the focused box (user-event itself waits on timers between
    // keystrokes): each a little under the pause after the one before.
    await user.click(field());
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    for (const typed of ['J', 'Ja', 'Jan', 'Jans']) {
      fireEvent.change(field(), { target: { value: typed } });
      await act(() => vi.advanceTimersByTimeAsync(patientSearch.debounceMs / 2));
    }
    await act(() => vi.advanceTimersByTimeAsync(patientSearch.debounceMs / 2 - 1));
    expect(server.requests(searchPath)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(server.requests(searchPath)).toHaveLength(1);
    // The stubbed answer arrives within the same turn; the query's notifications run on the next tick.
    await act(() => vi.advanceTimersByTimeAsync(0));
    vi.useRealTimers();

    const option = await screen.findByRole('option', { name: /Jansen, Maria/ });
    expect(server.requests(searchPath)).toHaveLength(1);
    expect(server.requests(searchPath)[0]?.body).toEqual({ search: 'Jans' });
    expect(server.requests(searchPath)[0]?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(within(option).getByText('07-03-1941 · Afdeling Noord')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(patientAutocompleteTexts.found(2));

    // Choosing shows the name in the box; that is not a new search, however long one waits.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('option', { name: /Jansen, Pieter/ }));
    expect(onPick).toHaveBeenLastCalledWith(patients[1]);
    expect(field()).toHaveValue('Jansen, Pieter');
    await act(() => vi.advanceTimersByTimeAsync(patientSearch.debounceMs * 3));
    vi.useRealTimers();
    expect(server.requests(searchPath)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Leegmaken' }));
    expect(field()).toHaveValue('');
  });

  it('does not search below the minimum and says how many characters are needed', async () => {
    const server = stubFetch(() => jsonResponse(patients));
    renderHarness({ minCharacters: 3, hint: 'Typ minimaal 3 tekens' });

    expect(screen.getByText('Typ minimaal 3 tekens')).toBeInTheDocument();
    await userEvent.setup().click(field());
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(field(), { target: { value: 'Ja' } });
    expect(field()).toHaveValue('Ja');
    expect(screen.queryByRole('option')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(patientSearch.debounceMs * 3));
    vi.useRealTimers();
    expect(server.requests(searchPath)).toHaveLength(0);
  });

  it('says when no patient matches', async () => {
    stubFetch(() => jsonResponse([]));
    const user = userEvent.setup();
    renderHarness();

    await user.type(field(), 'Xyzzy');
    expect(
      await screen.findByText(patientAutocompleteTexts.noPatients, { selector: '.MuiAutocomplete-noOptions' }, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(patientAutocompleteTexts.noPatients);
  });

  it('says when the search failed', async () => {
    stubFetch(() => problemResponse(500));
    const user = userEvent.setup();
    renderHarness();

    await user.type(field(), 'Jansen');
    expect(await screen.findByText(patientAutocompleteTexts.failed, { selector: '.MuiAutocomplete-noOptions' }, { timeout: 10_000 })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(patientAutocompleteTexts.failed);
  });

  it('shows an error message of the form instead of the hint', () => {
    stubFetch(() => jsonResponse([]));
    renderHarness({ error: true, helperText: 'Patient is verplicht', hint: 'Typ minimaal 2 tekens' });

    expect(field()).toHaveAccessibleDescription('Patient is verplicht');
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Typ minimaal 2 tekens')).toBeNull();
  });
});
