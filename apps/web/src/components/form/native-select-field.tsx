import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import OutlinedInput from '@mui/material/OutlinedInput';
import { forwardRef, type ChangeEvent, type FocusEventHandler, type Ref } from 'react';
import type { Choice } from './choice-fields';
import { FieldFrame, type FieldFrameProps } from './plain-text-field';

/**
 * The browser's own select as the input of MUI's InputBase (its `inputComponent`), with the dropdown arrow beside
 * it: MUI's NativeSelect does the same, but brings the underlined Input along.
 */
export const SelectBox = forwardRef<HTMLSelectElement, InputBaseComponentProps>(function SelectBox(props, ref) {
  return (
    <>
      <select ref={ref} {...(props as object)} />
      <ArrowDropDown aria-hidden sx={{ position: 'absolute', right: 7, top: 'calc(50% - 0.5em)', pointerEvents: 'none', color: 'action.active', '.Mui-disabled &': { color: 'action.disabled' } }} />
    </>
  );
});

/** What the select needs of its InputBase: room for the arrow, no browser arrow, a pointer. */
export const selectBoxSx = {
  '& select': { appearance: 'none', cursor: 'pointer', pr: '32px !important', textOverflow: 'ellipsis' },
  '& select:disabled': { cursor: 'default' },
} as const;

/**
 * A select's options; `empty` adds a first line of value '' while nothing is chosen yet. That line is no choice:
 * it is not offered in the list (hidden, disabled), and screen readers and tests do not count it as an option.
 */
export function selectOptions(options: readonly Choice[], empty?: string) {
  return [
    ...(empty === undefined
      ? []
      : [
          <option key="" value="" disabled hidden>
            {empty}
          </option>,
        ]),
    ...options.map((option) => (
      <option key={option.value} value={option.value}>
        {option.label}
      </option>
    )),
  ];
}

export type NativeSelectFieldProps = FieldFrameProps & {
  options: readonly Choice[];
  value: string;
  onChange: (value: string, event: ChangeEvent<HTMLSelectElement>) => void;
  onBlur?: FocusEventHandler;
  name?: string;
  inputRef?: Ref<HTMLSelectElement>;
  /** The first line while nothing is chosen (a required field's empty start); not offered once a value is chosen. */
  placeholder?: string;
};

/**
 * A dropdown as the browser's own select in MUI's outlined look: the phone's own picker, the keyboard's own
 * handling, and none of MUI's Select, Menu and Popover (decision 0105). Its label always sits in the outline: a
 * select always shows a line.
 */
export function NativeSelectField({ options, value, onChange, onBlur, name, inputRef, placeholder, label, ...frame }: NativeSelectFieldProps) {
  const known = options.some((option) => option.value === value);
  return (
    <FieldFrame {...frame} label={label} slotProps={{ ...frame.slotProps, inputLabel: { shrink: true, ...frame.slotProps?.inputLabel } }}>
      {({ id, describedBy }) => (
        <OutlinedInput
          inputComponent={SelectBox}
          label={label}
          notched
          id={id}
          name={name}
          value={known ? value : ''}
          onChange={(event) => onChange(event.target.value, event as unknown as ChangeEvent<HTMLSelectElement>)}
          onBlur={onBlur}
          inputRef={inputRef}
          // InputBase renders no children of its own: the options go to the select through its inputProps.
          inputProps={{ 'aria-describedby': describedBy, children: selectOptions(options, known ? undefined : (placeholder ?? '')) }}
          sx={selectBoxSx}
        />
      )}
    </FieldFrame>
  );
}
