import Box from '@mui/material/Box';
import { useEffect, useRef, type ChangeEvent } from 'react';

/**
 * The browser's own checkbox in the theme's colour, for the inbox's many row boxes: MUI's would add about 2.5 kB
 * to a route already at its budget (decision 0033). Its name comes from `label` or a wrapping <label>.
 */
export function PlainCheckbox({ checked, indeterminate = false, disabled, label, onChange }: {
  checked: boolean;
  indeterminate?: boolean;
  disabled?: boolean;
  label?: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <Box
      component="input"
      type="checkbox"
      ref={ref}
      checked={checked}
      disabled={disabled}
      aria-label={label}
      onChange={onChange}
      sx={{ width: 18, height: 18, m: 1, cursor: 'pointer', accentColor: (theme) => theme.palette.primary.main }}
    />
  );
}
