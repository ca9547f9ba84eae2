import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { alpha } from '@mui/material/styles';
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useId, useState } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useFormField } from '@/components/form/use-form-field';
import { editorContentOf, richTextExtensions, storedTextOf } from './rich-text/extensions';
import { LinkDialog } from './rich-text/link-dialog';
import { RichTextToolbar } from './rich-text/toolbar';

/**
 * Rich text as customers will see it, edited in place (Tiptap): bold, italic, underline, two levels of
 * subheading, lists and links, and nothing the server's sanitiser would drop (rich-text/extensions.ts). Bound to
 * its form by name, as the kit's fields are; the form holds the HTML ('' while it is empty). The code comes with
 * the memo's and FAQ item's dialogs (chunks of their own), never with a list.
 */
export function RichTextField<T extends FieldValues>({ name, label, disabled }: { name: FieldPath<T>; label: string; disabled?: boolean }) {
  const { field, onBlur, error, disabled: formDisabled } = useFormField<T>(name);
  const off = Boolean(disabled || formDisabled);
  const labelId = useId();
  const helpId = useId();
  const [linkOpen, setLinkOpen] = useState(false);
  // The extensions are made once: the editor is not made anew when the form renders.
  const [extensions] = useState(() => richTextExtensions(() => setLinkOpen(true)));
  const editor = useEditor({
    extensions,
    content: editorContentOf(String(field.value ?? '')),
    editable: !off,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        'aria-describedby': helpId,
        'aria-required': 'true',
        'aria-invalid': String(Boolean(error)),
      },
    },
    onUpdate: ({ editor: changed }) => field.onChange(storedTextOf(changed)),
    onBlur: () => onBlur(),
  });
  const { ref } = field;
  useEffect(() => {
    editor.setEditable(!off);
  }, [editor, off]);
  // A refused save puts the cursor in the first field it names, this one too.
  useEffect(() => ref({ focus: () => editor.commands.focus() }), [editor, ref]);

  return (
    <Box sx={{ mb: 2 }}>
      <FormLabel id={labelId} required error={Boolean(error)} disabled={off}>
        {label}
      </FormLabel>
      <RichTextToolbar editor={editor} label={label} disabled={off} onLink={() => setLinkOpen(true)} />
      <Box
        sx={(theme) => ({
          '& .ProseMirror': {
            minHeight: 140,
            px: 1.75,
            py: 1.5,
            border: 1,
            borderColor: error ? 'error.main' : alpha(theme.palette.common.black, 0.23),
            borderRadius: 1,
            bgcolor: off ? 'action.disabledBackground' : 'background.paper',
            typography: 'body1',
            overflowWrap: 'anywhere',
            outline: 'none',
            '&:hover': { borderColor: error ? 'error.main' : 'text.primary' },
            '&:focus': { borderColor: error ? 'error.main' : 'primary.main', boxShadow: `inset 0 0 0 1px ${error ? theme.palette.error.main : theme.palette.primary.main}` },
            '& p, & ul, & ol, & h3, & h4': { mt: 0, mb: 1 },
            '& li > p': { mb: 0 },
            '& ul, & ol': { pl: 3 },
            '& h3': { typography: 'h6' },
            '& h4': { typography: 'subtitle1', fontWeight: 700 },
            '& a': { color: 'primary.main' },
          },
        })}
      >
        <EditorContent editor={editor} />
      </Box>
      <FormHelperText id={helpId} error={Boolean(error)}>
        {error ?? 'Opmaak met de knoppen of sneltoetsen, zoals Ctrl+B voor vet.'}
      </FormHelperText>
      {linkOpen && (
        <LinkDialog
          editor={editor}
          onClose={() => {
            setLinkOpen(false);
            editor.commands.focus();
          }}
        />
      )}
    </Box>
  );
}
