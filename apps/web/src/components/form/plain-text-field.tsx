import FormControl from '@mui/material/FormControl';
import FormHelperText, { type FormHelperTextProps } from '@mui/material/FormHelperText';
import InputLabel, { type InputLabelProps } from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type ReactElement, type ReactNode, type Ref } from 'react';

/** What a field's frame shows around its input: the label, the hint or message under it, and its state. */
export interface FieldFrameProps {
  id?: string;
  label?: ReactNode;
  helperText?: ReactNode;
  error?: boolean;
  required?: boolean;
  disabled?: boolean;
  /** As the theme gives MUI's TextField: the whole width, with the normal margin. */
  fullWidth?: boolean;
  margin?: 'none' | 'dense' | 'normal';
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
  className?: string;
  ref?: Ref<HTMLDivElement>;
  slotProps?: { inputLabel?: Partial<InputLabelProps>; formHelperText?: Partial<FormHelperTextProps> };
}

/** The ids that tie a field's label and hint to its input, as MUI's TextField makes them. */
interface FieldIds {
  id: string;
  /** For the input's aria-describedby: the hint's id when there is a hint. */
  describedBy: string | undefined;
}

/**
 * A field's frame from MUI's parts (FormControl, InputLabel, FormHelperText): the kernel of the portal's own
 * fields, which leave out MUI's TextField because it brings Select, Menu and Popover into every screen with a field.
 * `children` renders the input with the ids.
 */
export function FieldFrame({ id: givenId, label, helperText, error, required, disabled, fullWidth = true, margin = 'normal', size, sx, className, ref, slotProps, children }: FieldFrameProps & { children: (ids: FieldIds) => ReactElement }) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const helperId = `${id}-helper-text`;
  return (
    <FormControl ref={ref} fullWidth={fullWidth} margin={margin} size={size} required={required} disabled={disabled} error={error} sx={sx} className={className}>
      {label != null && (
        <InputLabel htmlFor={id} id={`${id}-label`} {...slotProps?.inputLabel}>
          {label}
        </InputLabel>
      )}
      {children({ id, describedBy: helperText ? helperId : undefined })}
      {helperText ? (
        <FormHelperText id={helperId} {...slotProps?.formHelperText}>
          {helperText}
        </FormHelperText>
      ) : null}
    </FormControl>
  );
}

type InputPart = Pick<
  OutlinedInputProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'onFocus' | 'onKeyDown' | 'inputRef' | 'type' | 'placeholder' | 'autoComplete' | 'autoFocus' | 'multiline' | 'minRows' | 'maxRows' | 'rows' | 'readOnly'
>;

export type PlainTextFieldProps = FieldFrameProps &
  InputPart & {
    slotProps?: FieldFrameProps['slotProps'] & { input?: Partial<OutlinedInputProps>; htmlInput?: OutlinedInputProps['inputProps'] };
  };

/** A text field in MUI's outlined look, as MUI's TextField renders it (label, notch, hint), without its dropdown kit. */
export function PlainTextField({ slotProps, label, name, value, onChange, onBlur, onFocus, onKeyDown, inputRef, type, placeholder, autoComplete, autoFocus, multiline, minRows, maxRows, rows, readOnly, ...frame }: PlainTextFieldProps) {
  return (
    <FieldFrame {...frame} label={label} slotProps={slotProps}>
      {({ id, describedBy }) => (
        <OutlinedInput
          {...{ name, value, onChange, onBlur, onFocus, onKeyDown, inputRef, type, placeholder, autoComplete, autoFocus, multiline, minRows, maxRows, rows, readOnly }}
          {...slotProps?.input}
          id={id}
          label={label}
          notched={slotProps?.inputLabel?.shrink}
          inputProps={{ ...slotProps?.htmlInput, 'aria-describedby': [describedBy, slotProps?.htmlInput?.['aria-describedby']].filter(Boolean).join(' ') || undefined }}
        />
      )}
    </FieldFrame>
  );
}
