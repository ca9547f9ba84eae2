import type { FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField } from '@/components/form/form-text-field';
import { FieldCell, FieldGroupHeading, PhotoCell } from '../components/report-form';

interface TextCell<T extends FieldValues> {
  name: FieldPath<T>;
  label: string;
}

interface ExplanationSectionProps<T extends FieldValues> {
  /** What happened, in words (three rows). */
  description: TextCell<T>;
  /** What was done about it right away (two rows). */
  actions: TextCell<T>;
  photo: FieldPath<T>;
  /** Both texts are mandatory (the basic report). */
  required?: boolean;
  onUploadingChange: (uploading: boolean) => void;
}

/** The section "Toelichting" of a complaint: what happened, what was done about it, and a photo of the fault. */
export function ExplanationSection<T extends FieldValues>({ description, actions, photo, required, onUploadingChange }: ExplanationSectionProps<T>) {
  return (
    <>
      <FieldGroupHeading>Toelichting</FieldGroupHeading>
      <FieldCell wide>
        <FormTextField<T> name={description.name} label={description.label} required={required} multiline minRows={3} />
      </FieldCell>
      <FieldCell wide>
        <FormTextField<T> name={actions.name} label={actions.label} required={required} multiline minRows={2} />
      </FieldCell>
      <PhotoCell<T> name={photo} onUploadingChange={onUploadingChange} />
    </>
  );
}
