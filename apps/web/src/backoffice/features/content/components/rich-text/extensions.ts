import { isRichTextHref, richTextLinkRel } from '@portal/contract';
import { Extension, wrappingInputRule, type AnyExtension, type Editor } from '@tiptap/core';
import Bold from '@tiptap/extension-bold';
import Document from '@tiptap/extension-document';
import HardBreak from '@tiptap/extension-hard-break';
import Heading from '@tiptap/extension-heading';
import Italic from '@tiptap/extension-italic';
import Link from '@tiptap/extension-link';
import { BulletList, ListItem, ListKeymap, OrderedList } from '@tiptap/extension-list';
import Paragraph from '@tiptap/extension-paragraph';
import Text from '@tiptap/extension-text';
import Underline from '@tiptap/extension-underline';
import { UndoRedo } from '@tiptap/extensions/undo-redo';

/*
 * The editor's schema is the rich text's subset (the contract's richTextTags) and nothing more: whatever is typed,
 * pasted or loaded is held in these nodes and marks, so what it gives back is what the server's sanitiser keeps.
 * b and i are read as strong and em; headings are only h3 and h4 (the page and its cards own h1 and h2).
 */

/** A link's address as a browser reads it, when it is one the rich text keeps; else none. */
const keptHref = (element: HTMLElement) => {
  const href = element.getAttribute('href')?.trim() ?? '';
  return isRichTextHref(href) ? href : null;
};

/** Only the address: no target, class or title (the sanitiser drops them), and the rel the server writes. */
const RichLink = Link.extend({
  addAttributes() {
    return { href: { default: null, parseHTML: keptHref } };
  },
  parseHTML() {
    return [{ tag: 'a[href]', getAttrs: (element) => (keptHref(element) === null ? false : null) }];
  },
  renderHTML({ HTMLAttributes }) {
    const href = String(HTMLAttributes.href ?? '');
    // Never reached through the editor's commands (they check the address); a bare <a> is what the server keeps.
    return isRichTextHref(href) ? ['a', { href, rel: richTextLinkRel }, 0] : ['a', {}, 0];
  },
}).configure({
  openOnClick: false,
  // A pasted address over a selection would take linkify's address unchecked; typed and pasted addresses
  // still become links through the checked autolink and paste rules.
  linkOnPaste: false,
  defaultProtocol: 'https',
  isAllowedUri: (url) => isRichTextHref(url.trim()),
  HTMLAttributes: {},
});

/** A numbered list always counts from 1: the sanitiser keeps no `start` or `type`. */
const PlainOrderedList = OrderedList.extend({
  addAttributes() {
    return {};
  },
  renderHTML() {
    return ['ol', 0];
  },
  addInputRules() {
    return [wrappingInputRule({ find: /^1\.\s$/, type: this.type })];
  },
});

/** Ctrl+K (⌘K) asks for a link's address, as the toolbar's button does. */
const LinkShortcut = Extension.create<{ onLink: () => void }>({
  name: 'linkShortcut',
  addOptions() {
    return { onLink: () => undefined };
  },
  addKeyboardShortcuts() {
    return {
      'Mod-k': () => {
        this.options.onLink();
        return true;
      },
    };
  },
});

/** The editor's extensions; `onLink` opens the link dialog. */
export function richTextExtensions(onLink: () => void): AnyExtension[] {
  return [
    Document,
    Paragraph,
    Text,
    HardBreak,
    Heading.configure({ levels: [3, 4] }),
    Bold,
    Italic,
    Underline,
    BulletList,
    PlainOrderedList,
    ListItem,
    ListKeymap,
    RichLink,
    UndoRedo,
    LinkShortcut.configure({ onLink }),
  ];
}

const looksLikeMarkup = (text: string) => /<\/?[a-z][\s\S]*>/i.test(text);
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Stored text as the editor takes it. Plain text (written before the editor, or sent by another server) is shown
 * to customers with its line breaks: here a blank line starts a paragraph and a single break stays a break.
 */
export function editorContentOf(stored: string): string {
  if (stored.trim() === '' || looksLikeMarkup(stored)) return stored;
  return stored
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => `<p>${escapeText(paragraph).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

/** What the editor holds as the form's value: '' when there is nothing, so that "Tekst is verplicht" still says so. */
export const storedTextOf = (editor: Editor): string => (editor.isEmpty ? '' : editor.getHTML());
