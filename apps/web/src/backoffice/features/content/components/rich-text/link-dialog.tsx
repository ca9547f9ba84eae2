import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { contentText, isRichTextHref } from '@portal/contract';
import type { Editor } from '@tiptap/core';
import { useId, useState, type FormEvent } from 'react';
import { PlainTextField } from '@/components/form/plain-text-field';

/** 'www.example.nl/x' as the web address it is meant to be; anything else as typed. */
const addressOf = (typed: string) => {
  const text = typed.trim();
  return /^[\w-]+(\.[\w-]+)+(?:[/?#]\S*)?$/.test(text) ? `https://${text}` : text;
};

/**
 * The address of a link, asked for in a dialog: on the chosen text, on the link the cursor is in (which it can
 * also take away), or with its own text where nothing is chosen. Only the addresses the server keeps are taken.
 */
export function LinkDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const titleId = useId();
  const current = editor.getAttributes('link').href as string | undefined;
  const withText = !current && editor.state.selection.empty;
  const [href, setHref] = useState(current ?? '');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const save = (event: FormEvent) => {
    event.preventDefault();
    // The dialog sits in the content form's React tree (a portal): its submit must not submit that form too.
    event.stopPropagation();
    const address = addressOf(href);
    if (address === '') return setError(contentText.linkRequired);
    if (!isRichTextHref(address)) return setError(contentText.linkInvalid);
    if (withText) {
      editor
        .chain()
        .focus()
        .insertContent({ type: 'text', text: text.trim() || address, marks: [{ type: 'link', attrs: { href: address } }] })
        .run();
    } else {
      editor.chain().focus().extendMarkRange('link').setLink({ href: address }).run();
    }
    onClose();
  };
  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onClose();
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{current ? 'Link wijzigen' : 'Link toevoegen'}</DialogTitle>
      <Box component="form" noValidate onSubmit={save}>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <PlainTextField
            label="Adres"
            value={href}
            onChange={(event) => {
              setHref(event.target.value);
              setError(null);
            }}
            required
            fullWidth
            error={error !== null}
            helperText={error ?? 'https://…, mailto:…, tel:… of een pagina van het portaal, zoals /faq'}
            slotProps={{ htmlInput: { inputMode: 'url', autoComplete: 'off' } }}
            sx={{ mt: 1 }}
          />
          {withText && <PlainTextField label="Tekst van de link" value={text} onChange={(event) => setText(event.target.value)} fullWidth helperText="Leeg: het adres zelf" />}
        </DialogContent>
        <DialogActions>
          {current && (
            <Button color="error" onClick={remove} sx={{ mr: 'auto' }}>
              Link weghalen
            </Button>
          )}
          <Button onClick={onClose}>Annuleren</Button>
          <Button type="submit" variant="contained">
            {current ? 'Wijzigen' : 'Toevoegen'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
