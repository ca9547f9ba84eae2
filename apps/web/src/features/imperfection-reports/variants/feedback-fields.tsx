import type { DropdownOption } from '@portal/contract';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { FormSelectField } from '@/components/form/form-select-field';
import { FormTextField } from '@/components/form/form-text-field';
import { FieldCell } from '../components/report-form';

/** The feedback kinds whose choice reveals a field (the product's entities: Mail an e-mail field, Telephone a phone field). */
export const feedbackByMail = 'Mail';
export const feedbackByTelephone = 'Telephone';
/** The default: no feedback necessary. */
export const noFeedback = 'NoFeedbackNecessary';

interface FeedbackFieldsProps<T extends FieldValues> {
  options: readonly DropdownOption[];
  /** The chosen feedback kind. */
  kind: string;
  names: { kind: FieldPath<T>; email: FieldPath<T>; phone: FieldPath<T> };
}

/** How the reporter wants to hear back; Mail reveals an e-mail field, Telephone a phone field. */
export function FeedbackFields<T extends FieldValues>({ options, kind, names }: FeedbackFieldsProps<T>) {
  return (
    <>
      <FieldCell>
        <FormSelectField<T> name={names.kind} label="Terugkoppeling" required options={options} />
      </FieldCell>
      {kind === feedbackByMail && (
        <FieldCell>
          <FormTextField<T> name={names.email} label="E-mailadres voor terugkoppeling" type="email" autoComplete="email" />
        </FieldCell>
      )}
      {kind === feedbackByTelephone && (
        <FieldCell>
          <FormTextField<T> name={names.phone} label="Telefoonnummer voor terugkoppeling" type="tel" autoComplete="tel" />
        </FieldCell>
      )}
    </>
  );
}
