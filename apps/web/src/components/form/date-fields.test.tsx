import { validation } from '@portal/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs, { type Dayjs } from 'dayjs';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { DatePickersProvider, FormDateField } from './date-fields';
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
    <DatePickersProvider>
      <Form form={form} onSubmit={() => undefined} aria-label="Datums">
        <FormDateField<Values> name="day" label="Leverdatum" plainInput minDate={dayjs('2026-07-15')} maxDate={dayjs('2026-07-31')} />
        <FormDateField<Values> name="free" label="Vrije datum" plainInput />
        <FormDateTimeField<Values> name="moment" label="Moment" plainInput maxDate={dayjs('2026-07-15T12:00')} />
      </Form>
    </DatePickersProvider>
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
});
