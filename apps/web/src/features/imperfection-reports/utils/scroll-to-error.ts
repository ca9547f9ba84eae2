/**
 * Brings the first field in error into view and focus (the Apeldoorn form does so 500 ms after an invalid
 * submit, the product's validation rules). A field in error is the first MUI form control marked with Mui-error, in page order.
 */
export function scrollToFirstError(form: HTMLElement | null): void {
  const marked = form?.querySelector('.Mui-error');
  const control = marked?.closest('.MuiFormControl-root') ?? marked;
  if (!control) return;
  control.scrollIntoView({ behavior: 'smooth', block: 'center' });
  const focusable = control.querySelector<HTMLElement>('input:not([type="hidden"]):not([aria-hidden="true"]), textarea, [role="combobox"], [role="spinbutton"]');
  focusable?.focus({ preventScroll: true });
}
