import type { PatientSearchResult } from '@portal/contract';
import { useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { FormTextField } from '@/components/form/form-text-field';
import { PatientField } from '@/components/form/patient-field';
import { FieldCell } from '../components/report-form';

interface PatientCellsProps<T extends FieldValues> {
  names: { patient: FieldPath<T>; department: FieldPath<T> };
  patientRequired?: boolean;
  departmentRequired?: boolean;
}

/** The patient of a report and its department, which the chosen patient's facility fills in (the product's validation rules). */
export function PatientCells<T extends FieldValues>({ names, patientRequired, departmentRequired }: PatientCellsProps<T>) {
  // The names are checked against the report's values by the props; the department is filled in through the form
  // of the nearest <Form>, which knows its fields by name only.
  const { setValue, formState } = useFormContext();
  const department: string = names.department;
  const fillDepartment = (patient: PatientSearchResult | null) => {
    if (!patient) return;
    // A required department's message goes as soon as the patient fills it in (once the form was submitted).
    setValue(department, patient.facility, departmentRequired ? { shouldValidate: formState.isSubmitted } : undefined);
  };
  return (
    <>
      <FieldCell>
        <PatientField<T> name={names.patient} required={patientRequired} onPatientChange={fillDepartment} />
      </FieldCell>
      <FieldCell>
        <FormTextField<T> name={names.department} label="Afdeling" required={departmentRequired} />
      </FieldCell>
    </>
  );
}
