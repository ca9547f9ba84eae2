import { calls, feedback, validation } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { problemResponse } from '@/testing/fetch-stub';
import { expectRefused, expectSubmitted, findFieldMessage, getFieldMessage, queryFieldMessage } from '@/testing/form-expectations';
import { rollRequestTexts } from '../components/roll-request-form';
import { renderForm, stubFormServer, typeIntoPicker, uploadedRollFile } from '../testing/render-form';
import RollRequestRoute from './roll-request';

const formPath = calls.forms.requestImmediateProduct.path;

// 15 July 2026, noon in Amsterdam: today is 15-07-2026 for the date limits.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-07-15T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const submit = () => screen.getByRole('button', { name: rollRequestTexts.submit });

async function choosePatient(user: UserEvent) {
  await user.type(screen.getByRole('combobox', { name: /^Patiënt/ }), 'Maria');
  await user.click(await screen.findByRole('option', { name: /Maria Jansen/ }, { timeout: 10_000 }));
}

/** Opens the calendar of a date field and returns its grid of days. */
async function openCalendar(user: UserEvent, name: RegExp): Promise<HTMLElement> {
  const control = field(name).closest('.MuiFormControl-root') as HTMLElement;
  await user.click(within(control).getByRole('button', { name: /^Kies datum/ }));
  return screen.findByRole('grid');
}

/** A day of July 2026 in a calendar, by its number (its name is the whole date: "zaterdag 18 juli 2026"). */
const julyDay = (grid: HTMLElement, day: number) => within(grid).getByRole('gridcell', { name: new RegExp(`^\\w+ ${day} juli 2026$`) });

/** Which days of the month a calendar offers, and which it refuses. */
function expectDays(grid: HTMLElement, days: { disabled: number[]; enabled: number[] }): void {
  for (const day of days.disabled) expect(julyDay(grid, day)).toHaveAttribute('aria-disabled', 'true');
  for (const day of days.enabled) expect(julyDay(grid, day)).not.toHaveAttribute('aria-disabled');
}

describe('the roll request form', () => {
  it('shows the note on 12 weeks and parts of 4 weeks, who is filing, and the defaults', async () => {
    stubFormServer(formPath);
    renderForm(RollRequestRoute);

    expect(getFieldMessage(rollRequestTexts.note)).toBeInTheDocument();
    expect(await findFieldMessage('Ingediend door Anouk van Dijk (anouk@apotheek.example) namens Apotheek De Linde')).toBeInTheDocument();
    expect(getFieldMessage(rollRequestTexts.patientHint)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Extra rol' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Vakantierol' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Ik wil graag teruggebeld worden' })).not.toBeChecked();
  });

  it('lists every problem at the top after a submit, each a link that takes the focus to its field, and follows the corrections', async () => {
    stubFormServer(formPath);
    const { user } = renderForm(RollRequestRoute);
    expect(screen.queryByTestId('error-summary')).toBeNull();

    await user.click(submit());
    const summary = await screen.findByTestId('error-summary');
    expect(summary).toHaveTextContent('Er zijn 6 problemen');
    const links = within(summary).getAllByRole('button');
    expect(links.map((link) => link.textContent)).toEqual([
      validation.patientRequired,
      validation.departmentRequired,
      validation.startDateRequired,
      validation.amountOfDaysRequired,
      validation.sendDateRequired,
      validation.receiveDateRequired,
    ]);
    await user.click(within(summary).getByRole('button', { name: validation.amountOfDaysRequired }));
    expect(screen.getByRole('textbox', { name: /^Aantal dagen/ })).toHaveFocus();

    await user.type(screen.getByRole('textbox', { name: /^Aantal dagen/ }), '7');
    await waitFor(() => expect(summary).toHaveTextContent('Er zijn 5 problemen'));
    expect(within(summary).queryByRole('button', { name: validation.amountOfDaysRequired })).toBeNull();
  });

  it('shows every required message and sends nothing when empty', async () => {
    const server = stubFormServer(formPath);
    const { user } = renderForm(RollRequestRoute);

    await expectRefused(user, submit(), server, formPath, [
      validation.patientRequired,
      validation.departmentRequired,
      validation.startDateRequired,
      validation.amountOfDaysRequired,
      validation.sendDateRequired,
      validation.receiveDateRequired,
    ]);

    // Once submitted, each message goes as soon as its field is filled in.
    typeIntoPicker(/^Startdatum/, '20-07-2026');
    await waitFor(() => expect(queryFieldMessage(validation.startDateRequired)).toBeNull());
    typeIntoPicker(/^Uiterste ontvangstdatum/, '18-07-2026');
    await waitFor(() => expect(queryFieldMessage(validation.receiveDateRequired)).toBeNull());
    typeIntoPicker(/^Verstuurdatum/, '16-07-2026');
    await waitFor(() => expect(queryFieldMessage(validation.sendDateRequired)).toBeNull());
    await choosePatient(user);
    await waitFor(() => expect(queryFieldMessage(validation.departmentRequired)).toBeNull());
    expect(queryFieldMessage(validation.patientRequired)).toBeNull();
    expect(getFieldMessage(validation.amountOfDaysRequired)).toBeInTheDocument();
  });

  it('fills the department from the patient, sends the request with the file and starts over', async () => {
    const server = stubFormServer(formPath);
    const { user } = renderForm(RollRequestRoute);

    await choosePatient(user);
    expect(field(/^Afdeling/)).toHaveValue('Afdeling Zuid');
    await user.clear(field(/^Afdeling/));
    await user.type(field(/^Afdeling/), 'Afdeling Zuid, kamer 12');
    await user.click(screen.getByRole('radio', { name: 'Vakantierol' }));
    typeIntoPicker(/^Startdatum/, '20-07-2026');
    await user.type(field(/^Aantal dagen/), '2x8');
    expect(field(/^Aantal dagen/)).toHaveValue('28');
    typeIntoPicker(/^Uiterste ontvangstdatum/, '18-07-2026');
    typeIntoPicker(/^Verstuurdatum/, '16-07-2026');
    await user.upload(screen.getByTestId('file-upload-input-RollFile'), new File(['%PDF-1.4'], 'rollen.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('button', { name: 'rollen.pdf verwijderen' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Ik wil graag teruggebeld worden' }));
    await user.click(submit());

    await expectSubmitted(server, formPath, feedback.rollRequestSucceeded, {
      patientId: 42,
      department: 'Afdeling Zuid, kamer 12',
      extraScrollIsHolidayScroll: true,
      startDate: '2026-07-20',
      amountOfDays: 28,
      sendDate: '2026-07-16',
      receiveDate: '2026-07-18',
      fileGuid: uploadedRollFile.fileGuid,
      receiveReturnCall: true,
    });

    // Reset: defaults back, the upload cleared.
    expect(screen.getByRole('combobox', { name: /^Patiënt/ })).toHaveValue('');
    expect(field(/^Afdeling/)).toHaveValue('');
    expect(field(/^Startdatum/)).toHaveValue('');
    expect(field(/^Aantal dagen/)).toHaveValue('');
    expect(field(/^Verstuurdatum/)).toHaveValue('');
    expect(field(/^Uiterste ontvangstdatum/)).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'Extra rol' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Ik wil graag teruggebeld worden' })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'rollen.pdf verwijderen' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Bestand kiezen' })).toBeEnabled();
  });

  it('clears a delivery date after a new start date, and a send date on or after it', async () => {
    stubFormServer(formPath);
    renderForm(RollRequestRoute);

    typeIntoPicker(/^Startdatum/, '20-07-2026');
    typeIntoPicker(/^Uiterste ontvangstdatum/, '18-07-2026');
    typeIntoPicker(/^Verstuurdatum/, '16-07-2026');
    expect(field(/^Verstuurdatum/)).toHaveValue('16-07-2026');

    typeIntoPicker(/^Startdatum/, '17-07-2026');
    await waitFor(() => expect(field(/^Uiterste ontvangstdatum/)).toHaveValue(''));
    expect(field(/^Verstuurdatum/)).toHaveValue('16-07-2026');
    expect(getFieldMessage(rollRequestTexts.cleared.receiveDate)).toBeInTheDocument();

    typeIntoPicker(/^Startdatum/, '16-07-2026');
    await waitFor(() => expect(field(/^Verstuurdatum/)).toHaveValue(''));
    expect(field(/^Startdatum/)).toHaveValue('16-07-2026');

    typeIntoPicker(/^Uiterste ontvangstdatum/, '16-07-2026');
    typeIntoPicker(/^Verstuurdatum/, '15-07-2026');
    typeIntoPicker(/^Uiterste ontvangstdatum/, '16-07-2026');
    expect(field(/^Verstuurdatum/)).toHaveValue('15-07-2026');
  });

  it('clears dates only for a complete new date, once the field is left, and shows which date and why', async () => {
    stubFormServer(formPath);
    renderForm(RollRequestRoute);
    typeIntoPicker(/^Startdatum/, '20-07-2026');
    typeIntoPicker(/^Uiterste ontvangstdatum/, '18-07-2026');
    typeIntoPicker(/^Verstuurdatum/, '16-07-2026');

    // On the way to 06-12-2026 the field holds 06-01-2026, before every other date: nothing is cleared.
    typeIntoPicker(/^Startdatum/, '06-01-2026', { stay: true });
    typeIntoPicker(/^Startdatum/, '06-12-2026', { stay: true });
    fireEvent.blur(field(/^Startdatum/));
    expect(field(/^Uiterste ontvangstdatum/)).toHaveValue('18-07-2026');
    expect(field(/^Verstuurdatum/)).toHaveValue('16-07-2026');
    expect(screen.queryByText(rollRequestTexts.cleared.receiveDate)).not.toBeInTheDocument();

    // Passing through the start date without changing it clears nothing, not even a delivery date out of range.
    typeIntoPicker(/^Startdatum/, '20-07-2026');
    typeIntoPicker(/^Uiterste ontvangstdatum/, '25-07-2026');
    fireEvent.focus(field(/^Startdatum/));
    fireEvent.blur(field(/^Startdatum/));
    expect(field(/^Uiterste ontvangstdatum/)).toHaveValue('25-07-2026');
    typeIntoPicker(/^Uiterste ontvangstdatum/, '18-07-2026');

    // A complete earlier start date clears the delivery date, and the form shows it (not only to screen readers).
    typeIntoPicker(/^Startdatum/, '17-07-2026');
    await waitFor(() => expect(field(/^Uiterste ontvangstdatum/)).toHaveValue(''));
    expect(screen.getByText(rollRequestTexts.cleared.receiveDate)).toBeVisible();
  });

  it('offers in the pickers only the days the limits allow', async () => {
    stubFormServer(formPath);
    const { user } = renderForm(RollRequestRoute);

    typeIntoPicker(/^Startdatum/, '20-07-2026');
    const grid = await openCalendar(user, /^Uiterste ontvangstdatum/);
    // From tomorrow up to the start date.
    expectDays(grid, { disabled: [15, 21], enabled: [16, 20] });
    await user.click(julyDay(grid, 18));
    await waitFor(() => expect(field(/^Uiterste ontvangstdatum/)).toHaveValue('18-07-2026'));

    // From today up to the day before the delivery date.
    expectDays(await openCalendar(user, /^Verstuurdatum/), { disabled: [14, 18], enabled: [15, 17] });
  });

  it('says a start date typed in the past as soon as the field is left, in the words a submit would use', async () => {
    stubFormServer(formPath);
    const { user } = renderForm(RollRequestRoute);

    // Yesterday: a day the calendar does not offer.
    await user.type(field(/^Startdatum/), '14-07-2026');
    await user.tab();
    expect(await findFieldMessage(validation.startDateBeforeToday)).toBeInTheDocument();
    expect(field(/^Startdatum/)).toHaveAccessibleDescription(validation.startDateBeforeToday);

    await user.tripleClick(field(/^Startdatum/));
    await user.keyboard('15-07-2026');
    await user.tab();
    await waitFor(() => expect(queryFieldMessage(validation.startDateBeforeToday)).toBeNull());
    // Only the date that was left is judged: the other empty fields say nothing before a submit.
    expect(queryFieldMessage(validation.receiveDateRequired)).toBeNull();

    // Aantal dagen takes a paste only when it is a number of at most 3 digits.
    await user.click(field(/^Aantal dagen/));
    await user.paste('1000');
    expect(field(/^Aantal dagen/)).toHaveValue('');
    await user.paste('28');
    expect(field(/^Aantal dagen/)).toHaveValue('28');
  });

  it('refuses dates outside their limits with a message under the field', async () => {
    const server = stubFormServer(formPath);
    const { user } = renderForm(RollRequestRoute);

    await choosePatient(user);
    typeIntoPicker(/^Startdatum/, '14-07-2026');
    await user.type(field(/^Aantal dagen/), '14');
    typeIntoPicker(/^Uiterste ontvangstdatum/, '15-07-2026');
    await user.click(submit());

    expect(await findFieldMessage(validation.startDateBeforeToday)).toBeInTheDocument();
    expect(getFieldMessage(validation.receiveDateOutOfRange)).toBeInTheDocument();
    expect(server.requests(formPath)).toHaveLength(0);
  });

  it("shows the server's field errors under their fields and the failure message", async () => {
    stubFormServer(formPath, () =>
      problemResponse(400, { patientId: [validation.patientUnknown], fileGuid: [validation.fileUnknown] }),
    );
    const { user } = renderForm(RollRequestRoute);

    await choosePatient(user);
    typeIntoPicker(/^Startdatum/, '20-07-2026');
    await user.type(field(/^Aantal dagen/), '7');
    typeIntoPicker(/^Uiterste ontvangstdatum/, '18-07-2026');
    typeIntoPicker(/^Verstuurdatum/, '16-07-2026');
    await user.upload(screen.getByTestId('file-upload-input-RollFile'), new File(['%PDF-1.4'], 'rollen.pdf', { type: 'application/pdf' }));
    await screen.findByRole('button', { name: 'rollen.pdf verwijderen' });
    await user.click(submit());

    expect(await screen.findByText(feedback.rollRequestFailed)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Patiënt/ })).toHaveAccessibleDescription(validation.patientUnknown);
    expect(within(screen.getByRole('group', { name: 'Rolbestand' })).getByText(validation.fileUnknown)).toBeInTheDocument();
    // Nothing the user entered is lost.
    expect(field(/^Startdatum/)).toHaveValue('20-07-2026');
  });
});
