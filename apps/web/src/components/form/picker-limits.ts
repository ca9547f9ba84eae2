import { validation } from '@portal/contract';
import type { Dayjs } from 'dayjs';
import { useRef } from 'react';
import { useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';

/** How finely a picker holds its limits: a date picker by the day, a date-and-time picker by the minute. */
export type LimitUnit = 'day' | 'minute';

const formats: Record<LimitUnit, string> = { day: 'DD-MM-YYYY', minute: 'DD-MM-YYYY HH:mm' };

/** What is wrong with a complete value outside [min, max], or null. */
function limitMessage(value: Dayjs, unit: LimitUnit, min?: Dayjs, max?: Dayjs): string | null {
  if (min?.isValid() && value.isBefore(min, unit)) return validation.dateNotBefore(min.format(formats[unit]));
  if (max?.isValid() && value.isAfter(max, unit)) return validation.dateNotAfter(max.format(formats[unit]));
  return null;
}

/**
 * The check a picker runs when its field is left. The calendar offers only the days between its limits, but a
 * date can be typed outside them: the field then says so at once, not only after a submit. The form's own rule
 * for the field speaks first (its check runs for this field alone), so the message is the one a submit gives
 * ('De startdatum mag niet in het verleden liggen'); a form without a rule for it gets the kit's, naming the limit.
 * Once the check spoke, every later blur checks again, so a corrected date takes the message away.
 */
export function usePickerLimits<T extends FieldValues>(name: FieldPath<T>, unit: LimitUnit | undefined, min?: Dayjs, max?: Dayjs) {
  const { getValues, trigger, setError } = useFormContext<T>();
  const spoke = useRef(false);
  return async () => {
    if (!unit) return;
    const value = getValues(name) as Dayjs | null | undefined;
    const outside = value?.isValid() ? limitMessage(value, unit, min, max) : null;
    if (outside === null && !spoke.current) return;
    spoke.current = outside !== null;
    // Also takes away a message this check gave before, once the date is right.
    const ruleSilent = await trigger(name);
    if (outside !== null && ruleSilent) setError(name, { type: 'pickerLimits', message: outside });
  };
}
