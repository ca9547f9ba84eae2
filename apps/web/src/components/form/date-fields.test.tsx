import { validation } from '@portal/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs, { type Dayjs } from 'dayjs';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { FormDateField } from './date-fields';
import { Form } from './form';
import { FormDateTimeField } from './date-time-field';

interface Values {
  day: Dayjs | null;
  free: Dayjs | null;
  moment: Dayjs | null;
}

/** A form with no rules of its own: only the pickers' limits speak. */
function DatesForm() {
  const form = useForm<Values>({ defaultValues: { day: null, free: null, moment: null } });
  return (
    <Form form={form} onSubmit={() => undefined} aria-label="Datums">
      <FormDateField<Values> name="day" label="Leverdatum" minDate={dayjs('2026-07-15')} maxDate={dayjs('2026-07-31')} />
      <FormDateField<Values> name="free" label="Vrije datum" />
      <FormDateTimeField<Values> name="moment" label="Moment" maxDate={dayjs('2026-07-15T12:00')} />
    </Form>
  );
}

const box = (name: RegExp) => screen.getByRole('textbox', { name });

describe('the date fields of the form kit', () => {
  it('say a date typed outside the days the calendar offers as soon as the field is left, and take it away once corrected', async () => {
    const user = userEvent.setup();
    render(<DatesForm />);

    await user.type(box(/^Leverdatum/), '14-07-2026');
    expect(screen.queryByText(validation.dateNotBefore('15-07-2026'))).not.toBeInTheDocument();
    await user.tab();
    await waitFor(() => expect(box(/^Leverdatum/)).toHaveAccessibleDescription(validation.dateNotBefore('15-07-2026')));
    expect(box(/^Leverdatum/)).toHaveAttribute('aria-invalid', 'true');

    await user.tripleClick(box(/^Leverdatum/));
    await user.keyboard('01-08-2026');
    await user.tab();
    await waitFor(() => expect(box(/^Leverdatum/)).toHaveAccessibleDescription(validation.dateNotAfter('31-07-2026')));

    await user.tripleClick(box(/^Leverdatum/));
    await user.keyboard('31-07-2026');
    await user.tab();
    await waitFor(() => expect(box(/^Leverdatum/)).not.toHaveAttribute('aria-invalid', 'true'));
    expect(screen.queryByText(/^De datum mag niet/)).not.toBeInTheDocument();

    // Without limits any date goes.
    await user.type(box(/^Vrije datum/), '01-01-1990');
    await user.tab();
    expect(box(/^Vrije datum/)).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('hold a date with a time to its limit by the minute', async () => {
    const user = userEvent.setup();
    render(<DatesForm />);

    await user.type(box(/^Moment/), '15-07-2026 12:01');
    await user.tab();
    await waitFor(() => expect(box(/^Moment/)).toHaveAccessibleDescription(validation.dateNotAfter('15-07-2026 12:00')));

    await user.tripleClick(box(/^Moment/));
    await user.keyboard('15-07-2026 12:00');
    await user.tab();
    await waitFor(() => expect(box(/^Moment/)).not.toHaveAttribute('aria-invalid', 'true'));
  });

  it('take a date typed without its dashes and show it in the Dutch notation once the field is left', async () => {
    const user = userEvent.setup();
    render(<DatesForm />);

    await user.type(box(/^Vrije datum/), '03112026');
    await user.tab();
    expect(box(/^Vrije datum/)).toHaveValue('03-11-2026');
    expect(screen.getByRole('button', { name: 'Kies datum, gekozen: dinsdag 3 november 2026' })).toBeInTheDocument();
  });

  it('open a month grid that the keyboard works, reads each day in full, and refuses the days outside the limits', async () => {
    const user = userEvent.setup();
    render(<DatesForm />);
    await user.type(box(/^Leverdatum/), '15-07-2026');
    const button = screen.getByRole('button', { name: /^Kies datum, gekozen: woensdag 15 juli 2026/ });

    await user.click(button);
    // The month grid is fetched as the calendar first opens.
    const dialog = await screen.findByRole('dialog', { name: 'juli 2026' });
    const grid = within(dialog).getByRole('grid', { name: 'juli 2026' });
    const day = (name: string) => within(grid).getByRole('gridcell', { name });
    expect(day('woensdag 15 juli 2026')).toHaveFocus();
    expect(day('woensdag 15 juli 2026')).toHaveAttribute('aria-selected', 'true');
    expect(within(grid).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['ma', 'di', 'wo', 'do', 'vr', 'za', 'zo']);
    expect(day('dinsdag 14 juli 2026')).toHaveAttribute('aria-disabled', 'true');
    expect(day('vrijdag 31 juli 2026')).not.toHaveAttribute('aria-disabled');

    // Tab goes round the month buttons and the day, never out of the open calendar.
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Vorige maand' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(day('woensdag 15 juli 2026')).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(day('donderdag 16 juli 2026')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(day('donderdag 23 juli 2026')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(day('maandag 20 juli 2026')).toHaveFocus();
    await user.keyboard('{End}');
    expect(day('zondag 26 juli 2026')).toHaveFocus();

    // A month on: past the last day on offer, so Enter chooses nothing.
    await user.keyboard('{PageDown}');
    const august = within(screen.getByRole('grid', { name: 'augustus 2026' }));
    expect(august.getByRole('gridcell', { name: 'woensdag 26 augustus 2026' })).toHaveFocus();
    expect(august.getByRole('gridcell', { name: 'woensdag 26 augustus 2026' })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    expect(box(/^Leverdatum/)).toHaveValue('15-07-2026');

    await user.keyboard('{PageUp}{ArrowLeft}{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(box(/^Leverdatum/)).toHaveValue('25-07-2026');
    expect(box(/^Leverdatum/)).toHaveFocus();

    // Escape closes without choosing and gives the focus back to the button.
    await user.click(screen.getByRole('button', { name: /^Kies datum, gekozen: zaterdag 25 juli 2026/ }));
    await user.keyboard('{ArrowLeft}{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(box(/^Leverdatum/)).toHaveValue('25-07-2026');
    expect(document.activeElement).toHaveAccessibleName('Kies datum, gekozen: zaterdag 25 juli 2026');
  });

  it('choose a day by a click, but not one outside the limits', async () => {
    const user = userEvent.setup();
    render(<DatesForm />);
    await user.type(box(/^Leverdatum/), '20-07-2026');
    await user.click(screen.getByRole('button', { name: /^Kies datum, gekozen/ }));

    await user.click(await screen.findByRole('gridcell', { name: 'dinsdag 14 juli 2026' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByRole('gridcell', { name: 'donderdag 30 juli 2026' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(box(/^Leverdatum/)).toHaveValue('30-07-2026');
  });
});
