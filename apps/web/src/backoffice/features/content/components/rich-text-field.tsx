import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import InsertLink from '@mui/icons-material/InsertLink';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useRef } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useFormField } from '@/components/form/use-form-field';
import { sanitizeHtml } from '@/lib/sanitize-html';

/** Wraps the selected text (or a placeholder) in `before`…`after`. */
function wrap(text: string, start: number, end: number, before: string, after: string, placeholder: string) {
  const chosen = text.slice(start, end) || placeholder;
  return { text: text.slice(0, start) + before + chosen + after + text.slice(end), caret: start + before.length + chosen.length };
}

/**
 * Rich text kept simple: the markup itself in a text field, with buttons for bold, italic, a list and a link
 * around the selection, and a preview of what customers will see (sanitised, as the portal shows it). Bound to
 * its form by name, as the kit's fields are.
 */
export function RichTextField<T extends FieldValues>({ name, label, disabled }: { name: FieldPath<T>; label: string; disabled?: boolean }) {
  const { field, onBlur, error, disabled: formDisabled } = useFormField<T>(name);
  const value = String(field.value ?? '');
  const onChange = (text: string) => field.onChange(text);
  const ref = useRef<HTMLTextAreaElement | null>(null);
  const previewId = useId();
  const off = disabled || formDisabled;
  const apply = (before: string, after: string, placeholder: string) => {
    const input = ref.current;
    const start = input?.selectionStart ?? value.length;
    const end = input?.selectionEnd ?? value.length;
    const next = wrap(value, start, end, before, after, placeholder);
    onChange(next.text);
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(next.caret, next.caret);
    });
  };
  const tools = [
    { label: 'Vet', icon: <FormatBold />, run: () => apply('<strong>', '</strong>', 'vet') },
    { label: 'Cursief', icon: <FormatItalic />, run: () => apply('<em>', '</em>', 'cursief') },
    { label: 'Opsomming', icon: <FormatListBulleted />, run: () => apply('<ul>\n<li>', '</li>\n</ul>', 'punt') },
    { label: 'Link', icon: <InsertLink />, run: () => apply('<a href="https://">', '</a>', 'linktekst') },
  ];
  return (
    <Box sx={{ mb: 2 }}>
      <Box role="toolbar" aria-label={`Opmaak van ${label.toLowerCase()}`} sx={{ display: 'flex', gap: 0.5, mb: 0.5 }}>
        {tools.map((tool) => (
          <Tooltip key={tool.label} title={tool.label}>
            <span>
              <IconButton size="small" aria-label={tool.label} onClick={tool.run} disabled={off}>
                {tool.icon}
              </IconButton>
            </span>
          </Tooltip>
        ))}
      </Box>
      <TextField
        inputRef={(element: HTMLTextAreaElement | null) => {
          ref.current = element;
          field.ref(element);
        }}
        name={field.name}
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        multiline
        minRows={5}
        fullWidth
        required
        disabled={off}
        error={Boolean(error)}
        helperText={error ?? 'Opmaak met <p>, <strong>, <em>, <ul>/<li> en <a href="…">; andere code wordt weggelaten.'}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Voorbeeld
      </Typography>
      <Box
        id={previewId}
        sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper', overflowWrap: 'anywhere', '& p': { mt: 0 } }}
        dangerouslySetInnerHTML={{ __html: sanitizeHtml(value) }}
      />
    </Box>
  );
}
