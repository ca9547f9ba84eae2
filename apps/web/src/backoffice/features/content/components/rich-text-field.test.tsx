import { contentText } from '@portal/contract';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { Form } from '@/components/form/form';
import { editorOf, typeRichText, withEditorLayout } from '@/testing/rich-text';
import { RichTextField } from './rich-text-field';

/*
 * The rich-text field of the memo and FAQ dialogs: an editor, not a box of HTML. Its toolbar says in Dutch what each
 * button does, its shortcut, and whether it is on where the cursor is; links are asked for in a dialog that takes
 * only the addresses the server keeps.
 */

withEditorLayout();

interface Values {
  text: string;
}

function TextForm({ initial = '', disabled = false, onSubmit = () => undefined }: { initial?: string; disabled?: boolean; onSubmit?: (values: Values) => void }) {
  const form = useForm<Values>({ defaultValues: { text: initial } });
  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Memo">
      <RichTextField<Values> name="text" label="Tekst" disabled={disabled} />
      <output aria-label="Waarde">{form.watch('text')}</output>
    </Form>
  );
}

const textbox = () => screen.getByRole('textbox', { name: 'Tekst' });
const value = () => screen.getByRole('status', { name: 'Waarde' }).textContent;
const button = (name: string) => within(screen.getByRole('toolbar', { name: 'Opmaak van tekst' })).getByRole('button', { name });
/** The word chosen, or with `inside` only its inner letters (the cursor within it, its marks on both sides). */
const choose = (word: string, { inside = false } = {}) =>
  act(() => {
    const editor = editorOf(textbox());
    let at = -1;
    editor.state.doc.descendants((node, pos) => {
      if (at < 0 && node.isText && node.text?.includes(word)) at = pos + node.text.indexOf(word);
    });
    const edge = inside ? 1 : 0;
    editor.commands.setTextSelection({ from: at + edge, to: at + word.length - edge });
    // At once: the editor's own focus command waits for the next frame, and the keys typed next go to what has it.
    editor.view.focus();
  });
const putCursorIn = (word: string) => choose(word, { inside: true });

describe('the rich-text field', () => {
  it('names its buttons in Dutch with their shortcuts, and says which are on where the cursor is', () => {
    render(<TextForm initial='<h3>Kerst</h3><p>Gewoon en <strong>vet</strong> en <em>schuin</em></p><ol><li><p>eerst</p></li></ol>' />);
    expect(textbox()).toHaveAttribute('aria-multiline', 'true');
    expect(button('Vet')).toHaveAttribute('aria-keyshortcuts', 'Control+B');
    expect(button('Link')).toHaveAttribute('aria-keyshortcuts', 'Control+K');
    expect(button('Link')).toHaveAttribute('aria-haspopup', 'dialog');
    expect(button('Link')).not.toHaveAttribute('aria-pressed');

    putCursorIn('vet');
    expect(button('Vet')).toHaveAttribute('aria-pressed', 'true');
    expect(button('Cursief')).toHaveAttribute('aria-pressed', 'false');
    putCursorIn('schuin');
    expect(button('Vet')).toHaveAttribute('aria-pressed', 'false');
    expect(button('Cursief')).toHaveAttribute('aria-pressed', 'true');
    putCursorIn('Kerst');
    expect(button('Tussenkop')).toHaveAttribute('aria-pressed', 'true');
    expect(button('Kleine tussenkop')).toHaveAttribute('aria-pressed', 'false');
    putCursorIn('eerst');
    expect(button('Genummerde lijst')).toHaveAttribute('aria-pressed', 'true');
    expect(button('Opsomming')).toHaveAttribute('aria-pressed', 'false');
  });

  it('formats with the keyboard: Ctrl+B, Ctrl+I and Ctrl+Z', async () => {
    const user = userEvent.setup();
    render(<TextForm initial="<p>Levering op vrijdag</p>" />);
    choose('vrijdag');
    await user.keyboard('{Control>}b{/Control}');
    expect(button('Vet')).toHaveAttribute('aria-pressed', 'true');
    expect(value()).toContain('<strong>');
    await user.keyboard('{Control>}i{/Control}');
    expect(button('Cursief')).toHaveAttribute('aria-pressed', 'true');
    expect(button('Ongedaan maken')).toBeEnabled();
    await user.keyboard('{Control>}z{/Control}{Control>}z{/Control}');
    expect(value()).toBe('<p>Levering op vrijdag</p>');
    expect(button('Ongedaan maken')).toBeDisabled();
  });

  it('makes lists with its buttons', async () => {
    const user = userEvent.setup();
    render(<TextForm initial="<p>een</p>" />);
    putCursorIn('een');
    await user.click(button('Opsomming'));
    expect(value()).toBe('<ul><li><p>een</p></li></ul>');
    await user.click(button('Genummerde lijst'));
    expect(value()).toBe('<ol><li><p>een</p></li></ol>');
  });

  it('asks a link’s address in a dialog (also by Ctrl+K), refuses what the server would drop, and takes a link away', async () => {
    const user = userEvent.setup();
    const submitted = vi.fn();
    render(<TextForm initial="<p>Lees de vragen</p>" onSubmit={submitted} />);
    choose('vragen');
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Link toevoegen' });
    const address = within(dialog).getByRole('textbox', { name: /^Adres/ });
    await user.type(address, 'javascript:alert(1){Enter}');
    expect(address).toHaveAccessibleDescription(contentText.linkInvalid);
    await user.clear(address);
    await user.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));
    expect(address).toHaveAccessibleDescription(contentText.linkRequired);
    await user.type(address, '/faq{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(value()).toBe('<p>Lees de <a href="/faq" rel="noopener noreferrer">vragen</a></p>');
    // Enter in the dialog added the link; it did not submit the memo's form around it.
    expect(submitted).not.toHaveBeenCalled();

    putCursorIn('vragen');
    await user.click(button('Link'));
    const change = await screen.findByRole('dialog', { name: 'Link wijzigen' });
    expect(within(change).getByRole('textbox', { name: /^Adres/ })).toHaveValue('/faq');
    await user.click(within(change).getByRole('button', { name: 'Link weghalen' }));
    expect(value()).toBe('<p>Lees de vragen</p>');
  });

  it('puts a link with its own text where nothing is chosen', async () => {
    const user = userEvent.setup();
    render(<TextForm initial="<p>Mail:</p>" />);
    act(() => {
      editorOf(textbox()).commands.setTextSelection(editorOf(textbox()).state.doc.content.size - 1);
    });
    typeRichText(textbox(), ' ');
    await user.click(button('Link'));
    const dialog = await screen.findByRole('dialog', { name: 'Link toevoegen' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Adres/ }), 'mailto:service@example.nl');
    await user.type(within(dialog).getByRole('textbox', { name: 'Tekst van de link' }), 'de klantenservice');
    await user.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));
    expect(value()).toBe('<p>Mail: <a href="mailto:service@example.nl" rel="noopener noreferrer">de klantenservice</a></p>');
  });

  it('takes typed markup as text, never as HTML', () => {
    render(<TextForm />);
    typeRichText(textbox(), '<strong>vet</strong>');
    expect(value()).toBe('<p>&lt;strong&gt;vet&lt;/strong&gt;</p>');
  });

  it('is shut with its buttons while the form saves', () => {
    render(<TextForm initial="<p>Zaterdag</p>" disabled />);
    expect(textbox()).toHaveAttribute('contenteditable', 'false');
    for (const name of ['Vet', 'Cursief', 'Onderstreept', 'Opsomming', 'Link']) expect(button(name)).toBeDisabled();
  });
});
