import type { Editor } from '@tiptap/core';
import { act } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

/*
 * The back-office's rich-text editor (ProseMirror) in jsdom. jsdom lays nothing out: ProseMirror's scrolling to the
 * cursor and its reading of a click's position call geometry jsdom lacks, so it is given an empty layout here for
 * the tests of a file that calls `withEditorLayout()`, and taken away after each test.
 */
export function withEditorLayout(): void {
  beforeEach(() => {
    Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
    Range.prototype.getBoundingClientRect = () => new DOMRect();
    document.elementFromPoint = () => null;
  });
  afterEach(() => {
    Reflect.deleteProperty(Range.prototype, 'getClientRects');
    Reflect.deleteProperty(Range.prototype, 'getBoundingClientRect');
    Reflect.deleteProperty(document, 'elementFromPoint');
  });
}

/** The editor behind an editable text box (Tiptap keeps it on its element). */
export function editorOf(textbox: HTMLElement): Editor {
  const editor = (textbox as HTMLElement & { editor?: Editor }).editor;
  if (!editor) throw new Error('this text box is no rich-text editor');
  return editor;
}

/**
 * Text typed at the editor's cursor, as text (never read as HTML), with the marks that typing would take (Vet
 * chosen before). jsdom fires no beforeinput, so typed keys would reach ProseMirror only as DOM changes it cannot
 * read reliably.
 */
export function typeRichText(textbox: HTMLElement, text: string): void {
  act(() => {
    const editor = editorOf(textbox);
    editor.view.focus();
    editor.view.dispatch(editor.state.tr.insertText(text));
  });
}
