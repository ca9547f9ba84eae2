import { sanitizeRichText } from '@portal/contract';
import { Editor } from '@tiptap/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { editorContentOf, richTextExtensions, storedTextOf } from './extensions';
import { LinkDialog } from './link-dialog';
import { RichTextToolbar } from './toolbar';

/*
 * The editor cannot make what the server would drop: for every toolbar action, shortcut, link and paste, what it
 * gives the form is exactly what the server's own sanitiser (sanitizeRichText, which it runs before storing) makes
 * of it. And what the server stored loads into it without losing what the sanitiser kept.
 */

let editor: Editor;
afterEach(() => editor?.destroy());

const editorWith = (html: string) => {
  editor = new Editor({ extensions: richTextExtensions(() => undefined), content: editorContentOf(html) });
  return editor;
};
const output = () => storedTextOf(editor);
/** What the server would store of the editor's output is that output, letter for letter. */
const expectKeptAsIs = () => expect(sanitizeRichText(output())).toBe(output());
// jsdom has no ClipboardEvent: ProseMirror's paste takes any event to hand to its paste handlers.
const pasteEvent = () => new Event('paste') as ClipboardEvent;
const selectWord = (word: string) => {
  let from = -1;
  editor.state.doc.descendants((node, pos) => {
    const at = node.isText ? (node.text ?? '').indexOf(word) : -1;
    if (from < 0 && at >= 0) from = pos + at;
  });
  editor.commands.setTextSelection({ from, to: from + word.length });
};

describe('what the editor gives the form', () => {
  it('is kept as it is by the server’s sanitiser after each toolbar button, on a word and on nothing chosen', async () => {
    const user = userEvent.setup();
    editorWith('<p>Levering op vrijdag om negen uur</p><p>Tweede regel</p>');
    render(<RichTextToolbar editor={editor} label="Tekst" disabled={false} onLink={() => undefined} />);
    const toolbar = screen.getByRole('toolbar', { name: 'Opmaak van tekst' });
    const toggles = within(toolbar)
      .getAllByRole('button')
      .filter((button) => button.hasAttribute('aria-pressed'));
    expect(toggles.map((button) => button.getAttribute('aria-label'))).toEqual(['Vet', 'Cursief', 'Onderstreept', 'Tussenkop', 'Kleine tussenkop', 'Opsomming', 'Genummerde lijst']);
    const seen = new Set<string>();
    for (const button of toggles) {
      selectWord('vrijdag');
      await user.click(button);
      seen.add(output());
      expectKeptAsIs();
      // Nothing chosen: the button applies to what is typed next.
      selectWord('Tweede');
      editor.commands.setTextSelection(editor.state.selection.to);
      await user.click(button);
      act(() => {
        editor.commands.insertContent('erbij');
      });
      seen.add(output());
      expectKeptAsIs();
    }
    // Every button changed the text (no button was a no-op that the check passed trivially).
    expect(seen.size).toBe(toggles.length * 2);
    expect(output()).toContain('<strong>');
    expect(output()).toMatch(/<h[34]>|<ol>|<ul>/);
    await user.click(within(toolbar).getByRole('button', { name: 'Ongedaan maken' }));
    expectKeptAsIs();
  });

  it('is kept as it is after each keyboard shortcut', () => {
    editorWith('<p>Levering op vrijdag</p>');
    const shortcuts: Array<[string, { shiftKey?: boolean; altKey?: boolean }, string]> = [
      ['b', {}, '<strong>vrijdag</strong>'],
      ['i', {}, '<em>'],
      ['u', {}, '<u>'],
      ['3', { altKey: true }, '<h3>'],
      ['4', { altKey: true }, '<h4>'],
      ['8', { shiftKey: true }, '<ul>'],
      ['7', { shiftKey: true }, '<ol>'],
    ];
    for (const [key, modifiers, made] of shortcuts) {
      selectWord('vrijdag');
      fireEvent.keyDown(editor.view.dom, { key, ctrlKey: true, ...modifiers });
      expect(output(), `Ctrl+${key}`).toContain(made);
      expectKeptAsIs();
    }
  });

  it('is kept as it is with a link of each kind the dialog takes, and the dialog refuses the rest', async () => {
    const user = userEvent.setup();
    editorWith('<p>Bel ons of mail</p>');
    for (const [typed, href] of [
      ['https://www.example.nl/a?b=1&c=2', 'https://www.example.nl/a?b=1&amp;c=2'],
      ['www.example.nl', 'https://www.example.nl'],
      ['mailto:service@example.nl', 'mailto:service@example.nl'],
      ['tel:+31301234567', 'tel:+31301234567'],
      ['/faq', '/faq'],
    ] as const) {
      selectWord('ons');
      const { unmount } = render(<LinkDialog editor={editor} onClose={() => undefined} />);
      const dialog = screen.getByRole('dialog');
      const address = within(dialog).getByRole('textbox', { name: /^Adres/ });
      await user.clear(address);
      await user.type(address, typed);
      await user.click(within(dialog).getAllByRole('button', { name: /^(Toevoegen|Wijzigen)$/ })[0]!);
      expect(output()).toContain(`<a href="${href}" rel="noopener noreferrer">ons</a>`);
      expectKeptAsIs();
      unmount();
    }
    for (const refused of ['javascript:alert(1)', 'data:text/html,x', '//elders.example/x', 'ftp://example.nl']) {
      selectWord('mail');
      const { unmount } = render(<LinkDialog editor={editor} onClose={() => undefined} />);
      const dialog = screen.getByRole('dialog');
      await user.type(within(dialog).getByRole('textbox', { name: /^Adres/ }), refused);
      await user.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));
      expect(within(dialog).getByRole('textbox', { name: /^Adres/ })).toHaveAccessibleDescription(/^Vul een adres in/);
      unmount();
    }
    expect(output()).not.toContain('>mail</a>');
  });

  it('is kept as it is after pasting rich HTML from a word processor or a web page', () => {
    editorWith('<p></p>');
    editor.view.pasteHTML(
      [
        '<meta charset="utf-8"><style>p{color:red}</style><h1 style="color:#c00">Titel</h1><h2>Kop</h2>',
        '<p class="MsoNormal" style="text-align:center;color:red"><span style="font-weight:bold;font-family:Calibri">Vet</span> en ',
        '<b style="font-weight:normal">niet vet</b>, <i>schuin</i>, <s>doorgehaald</s>, <sup>2</sup>, <code>code</code>, 1 &lt; 2 &amp; 3&nbsp;4</p>',
        '<blockquote>citaat</blockquote><pre>vast</pre><hr><img src="x.png" alt="plaatje"><script>alert(1)</script>',
        '<ol start="3" type="a" style="list-style-type:lower-alpha"><li>drie<ul><li>binnen</li></ul></li><li><h3>kop in lijst</h3></li></ol>',
        '<table><tr><td>cel</td></tr></table><p><font color="red">rood</font><br>nieuwe regel</p>',
        '<p><a href="https://x.nl" target="_blank" class="c" title="t" style="color:blue">web</a> <a href="javascript:alert(1)">js</a> ',
        '<a href="data:text/html,x">data</a> <a href="//elders.example">elders</a> <a href=" /faq ">pad</a> <a href="tel:030">bel</a></p>',
        '<h3 style="color:red">Tussenkop</h3><h4>Kleine</h4><h5>Kleiner</h5><div>blok</div><u>onder</u>',
      ].join(''),
      pasteEvent(),
    );
    expectKeptAsIs();
    const html = output();
    expect(html).toContain('<strong>Vet</strong>');
    expect(html).toContain('<em>schuin</em>');
    expect(html).toContain('<a href="https://x.nl" rel="noopener noreferrer">web</a>');
    expect(html).toContain('<a href="/faq" rel="noopener noreferrer">pad</a>');
    expect(html).toContain('<a href="tel:030" rel="noopener noreferrer">bel</a>');
    expect(html).toContain('<ol><li><p>drie</p><ul><li><p>binnen</p></li></ul></li>');
    expect(html).toContain('rood<br>nieuwe regel');
    expect(html).toContain('<h3>Tussenkop</h3><h4>Kleine</h4>');
    for (const gone of ['style', 'class', 'color', 'target', 'title=', 'start=', 'type=', 'javascript', 'data:', '//elders', '<img', '<table', '<s>', 'alert']) {
      expect(html, gone).not.toContain(gone);
    }
    expect(html).toContain('niet vet');
    expect(html).not.toContain('<strong>niet vet');
  });

  it('is kept as it is after pasting plain text with an address, which becomes a link', () => {
    editorWith('<p></p>');
    editor.view.pasteText('Zie https://www.example.nl/info voor meer', pasteEvent());
    expect(output()).toBe('<p>Zie <a href="https://www.example.nl/info" rel="noopener noreferrer">https://www.example.nl/info</a> voor meer</p>');
    expectKeptAsIs();
  });

  it('is empty for an empty editor, so that the form says the text is required', () => {
    editorWith('');
    expect(output()).toBe('');
  });
});

describe('stored text loaded into the editor', () => {
  it('keeps all the sanitiser keeps, in the same markup', () => {
    for (const stored of [
      '<p>Bel <strong>ons</strong>: <a href="tel:0301234567" rel="noopener noreferrer">030</a> of <a href="https://x.nl/a?b=1&amp;c=2" rel="noopener noreferrer">site</a></p>',
      '<h3>Levering</h3><h4>Kerst</h4><p><em>Let op</em>: <u>gesloten</u><br>op zaterdag</p>',
      '<ul><li><p>een</p></li><li><p>twee</p><ol><li><p>drie</p></li></ol></li></ul>',
      '<p>1 &lt; 2 &amp; 3&nbsp;4</p>',
      '<p><a href="/forms/requestPhoto" rel="noopener noreferrer"><strong>Foto aanvragen</strong></a></p>',
    ]) {
      expect(sanitizeRichText(stored)).toBe(stored);
      editorWith(stored);
      expect(output()).toBe(stored);
      editor.destroy();
    }
  });

  it('reads the sanitiser’s other spellings as a browser does: b, i, list items left open, a link without rel', () => {
    editorWith(sanitizeRichText('<b>vet</b> <i>schuin</i><ul><li>een<li>twee</ul><a href="/faq">vragen</a>'));
    expect(output()).toBe(
      '<p><strong>vet</strong> <em>schuin</em></p><ul><li><p>een</p></li><li><p>twee</p></li></ul><p><a href="/faq" rel="noopener noreferrer">vragen</a></p>',
    );
  });

  it('keeps the lines of plain text written before the editor', () => {
    editorWith('Gesloten op 26 december.\nBel bij spoed 030 123 45 67.\n\nDe levering komt een dag later & 1 < 2.');
    expect(output()).toBe('<p>Gesloten op 26 december.<br>Bel bij spoed 030 123 45 67.</p><p>De levering komt een dag later &amp; 1 &lt; 2.</p>');
  });
});
