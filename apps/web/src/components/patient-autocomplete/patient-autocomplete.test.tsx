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

type HarnessProps = Partial<PatientAutocompleteProps> & {
  onPick?: (p: PatientSearchResult | null) => void;
  /** Keys that reach the field's surroundings, as a dialog around it would hear them. */
  onOuterKey?: (key: string) => void;
};

function Harness(props: HarnessProps) {
  const { onPick, onOuterKey, ...rest } = props;
  const [value, setValue] = useState<PatientSearchResult | null>(null);
  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- stands for a dialog that listens for Escape
    <div onKeyDown={(event) => onOuterKey?.(event.key)}>
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
      <button type="button" onClick={() => setValue(patients[0] ?? null)}>
        Maria zetten
      </button>
    </div>
  );
}

function renderHarness(props: HarnessProps = {}) {
  logIn();
  return renderRoutes([{ path: '/', element: <Harness {...props} /> }], '/');
}

/** The field over a server that knows `patients`, with spies on what its surroundings hear, and a user. */
function openWithPatients() {
  const server = stubFetch(() => jsonResponse(patients));
  const spies = { onPick: vi.fn(), onBlur: vi.fn(), onOuterKey: vi.fn() };
  const user = userEvent.setup();
  renderHarness(spies);
  return { server, user, ...spies };
}

const field = () => screen.getByRole('combobox', { name: /^Patiënt/ });
/** A text in the popup (the live region, which says the same, left aside). */
const findInPopup = (text: string) => screen.findByText(text, { ignore: '[role="status"]' }, { timeout: 10_000 });
const option = (name: RegExp) => screen.getByRole('option', { name });

/** Types into the box and waits for the search's answer (after its pause of a second). */
async function typeAndWait(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.type(field(), text);
  return screen.findByRole('listbox', {}, { timeout: 10_000 });
}

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
    expect(await findInPopup(patientAutocompleteTexts.noPatients)).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(patientAutocompleteTexts.noPatients);
  });

  it('says when the search failed', async () => {
    stubFetch(() => problemResponse(500));
    const user = userEvent.setup();
    renderHarness();

    await user.type(field(), 'Jansen');
    expect(await findInPopup(patientAutocompleteTexts.failed)).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(patientAutocompleteTexts.failed);
  });

  it('shows an error message of the form instead of the hint', () => {
    stubFetch(() => jsonResponse([]));
    renderHarness({ error: true, helperText: 'Patient is verplicht', hint: 'Typ minimaal 2 tekens' });

    expect(field()).toHaveAccessibleDescription('Patient is verplicht');
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Typ minimaal 2 tekens')).toBeNull();
  });

  it('is a combobox with a listbox popup: the first patient highlighted on arrival, arrows move round, Enter chooses', async () => {
    const { user, onPick } = openWithPatients();

    expect(field()).toHaveAttribute('aria-autocomplete', 'list');
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(field()).not.toHaveAttribute('aria-controls');
    const listbox = await typeAndWait(user, 'Jans');
    expect(listbox).toHaveAccessibleName(/^Patiënt/);
    expect(field()).toHaveAttribute('aria-expanded', 'true');
    expect(field()).toHaveAttribute('aria-controls', listbox.id);
    const [maria, pieter] = within(listbox).getAllByRole('option');
    expect(field()).toHaveAttribute('aria-activedescendant', maria?.id);
    expect(maria).toHaveAttribute('aria-selected', 'true');
    expect(pieter).toHaveAttribute('aria-selected', 'false');

    await user.keyboard('{ArrowDown}');
    expect(field()).toHaveAttribute('aria-activedescendant', pieter?.id);
    expect(pieter).toHaveAttribute('aria-selected', 'true');
    expect(maria).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{ArrowDown}');
    expect(field()).toHaveAttribute('aria-activedescendant', maria?.id);
    await user.keyboard('{ArrowUp}');
    expect(field()).toHaveAttribute('aria-activedescendant', pieter?.id);

    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenLastCalledWith(patients[1]);
    expect(field()).toHaveValue('Jansen, Pieter');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(field()).not.toHaveAttribute('aria-activedescendant');

    // Down on the closed box opens it on the chosen patient.
    await user.keyboard('{ArrowDown}');
    expect(within(screen.getByRole('listbox')).getByRole('option', { selected: true })).toHaveTextContent('Jansen, Pieter');
    expect(field()).toHaveFocus();
  });

  it('closes the popup on Escape without closing what the field is in; a second Escape is for the surroundings', async () => {
    const { user, onOuterKey, onPick } = openWithPatients();

    await typeAndWait(user, 'Jans');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(field()).toHaveValue('Jans');
    expect(onOuterKey).not.toHaveBeenCalledWith('Escape');
    await user.keyboard('{Escape}');
    expect(onOuterKey).toHaveBeenCalledWith('Escape');
    expect(onPick).not.toHaveBeenCalled();
  });

  it("shows the chosen patient's name again when the box is left without a choice, or empties it when there is none", async () => {
    const { user, onPick, onBlur } = openWithPatients();

    await typeAndWait(user, 'Jans');
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenLastCalledWith(patients[0]);
    await user.type(field(), ' en zo');
    expect(field()).toHaveValue('Jansen, Maria en zo');
    await user.tab();
    expect(field()).toHaveValue('Jansen, Maria');
    expect(onBlur).toHaveBeenCalledTimes(1);
    expect(onPick).toHaveBeenCalledTimes(1);

    // Emptying the box lets go of the patient; text typed after that is gone once the box is left.
    await user.clear(field());
    expect(onPick).toHaveBeenLastCalledWith(null);
    await user.type(field(), 'Jan');
    await user.tab();
    expect(field()).toHaveValue('');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('chooses a patient by mouse while the box keeps the focus, and the first press selects the name for typing over', async () => {
    const { user, onPick, onBlur } = openWithPatients();

    await typeAndWait(user, 'Jans');
    await user.click(option(/Jansen, Pieter/));
    expect(onPick).toHaveBeenLastCalledWith(patients[1]);
    expect(field()).toHaveValue('Jansen, Pieter');
    expect(field()).toHaveFocus();
    expect(onBlur).not.toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).toBeNull();

    await user.tab();
    await user.click(field());
    const box = field() as HTMLInputElement;
    expect([box.selectionStart, box.selectionEnd]).toEqual([0, 'Jansen, Pieter'.length]);
    expect(within(screen.getByRole('listbox')).getByRole('option', { selected: true })).toHaveTextContent('Jansen, Pieter');
  });

  it('opens on a press on the empty box and says there how many characters to type', async () => {
    const { user } = openWithPatients();

    const hint = patientAutocompleteTexts.hint(patientSearch.minCharacters);
    expect(screen.getAllByText(hint)).toHaveLength(1);
    await user.click(field());
    expect(screen.getAllByText(hint)).toHaveLength(2);
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.click(screen.getByRole('button', { name: patientAutocompleteTexts.close }));
    expect(screen.getAllByText(hint)).toHaveLength(1);
    expect(field()).toHaveFocus();
  });

  it('shows the name of a patient set from outside, without searching for it, and Wissen lets go of the patient', async () => {
    const { server, user, onPick } = openWithPatients();

    await user.click(screen.getByRole('button', { name: 'Maria zetten' }));
    expect(field()).toHaveValue('Jansen, Maria');
    await user.click(field());
    expect(within(screen.getByRole('listbox')).getByRole('option', { selected: true })).toHaveTextContent('Jansen, Maria');

    await user.click(screen.getByRole('button', { name: patientAutocompleteTexts.clear }));
    expect(onPick).toHaveBeenLastCalledWith(null);
    expect(field()).toHaveValue('');
    expect(field()).toHaveFocus();
    expect(server.requests(searchPath)).toHaveLength(0);
  });
});
