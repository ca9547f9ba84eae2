import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import FormatUnderlined from '@mui/icons-material/FormatUnderlined';
import InsertLink from '@mui/icons-material/InsertLink';
import Redo from '@mui/icons-material/Redo';
import Title from '@mui/icons-material/Title';
import Undo from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { Fragment, type ReactNode } from 'react';

interface Tool {
  label: string;
  /** As aria-keyshortcuts writes it; the tooltip shows it with Ctrl. */
  keys: string;
  icon: ReactNode;
  /** A toggle says whether it is on (aria-pressed); an action (link, undo) does not. */
  pressed?: (editor: Editor) => boolean;
  enabled?: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
  /** Opens a dialog rather than changing the text at once. */
  dialog?: boolean;
}

const chain = (editor: Editor) => editor.chain().focus();

/** The tools in groups (a divider between them), each with the shortcut the editor's extensions give it. */
const groups = (onLink: () => void): Tool[][] => [
  [
    { label: 'Vet', keys: 'Control+B', icon: <FormatBold />, pressed: (e) => e.isActive('bold'), run: (e) => chain(e).toggleBold().run() },
    { label: 'Cursief', keys: 'Control+I', icon: <FormatItalic />, pressed: (e) => e.isActive('italic'), run: (e) => chain(e).toggleItalic().run() },
    { label: 'Onderstreept', keys: 'Control+U', icon: <FormatUnderlined />, pressed: (e) => e.isActive('underline'), run: (e) => chain(e).toggleUnderline().run() },
  ],
  [
    {
      label: 'Tussenkop',
      keys: 'Control+Alt+3',
      icon: <Title />,
      pressed: (e) => e.isActive('heading', { level: 3 }),
      run: (e) => chain(e).toggleHeading({ level: 3 }).run(),
    },
    {
      label: 'Kleine tussenkop',
      keys: 'Control+Alt+4',
      icon: <Title fontSize="small" />,
      pressed: (e) => e.isActive('heading', { level: 4 }),
      run: (e) => chain(e).toggleHeading({ level: 4 }).run(),
    },
  ],
  [
    { label: 'Opsomming', keys: 'Control+Shift+8', icon: <FormatListBulleted />, pressed: (e) => e.isActive('bulletList'), run: (e) => chain(e).toggleBulletList().run() },
    {
      label: 'Genummerde lijst',
      keys: 'Control+Shift+7',
      icon: <FormatListNumbered />,
      pressed: (e) => e.isActive('orderedList'),
      run: (e) => chain(e).toggleOrderedList().run(),
    },
    { label: 'Link', keys: 'Control+K', icon: <InsertLink />, run: onLink, dialog: true },
  ],
  [
    { label: 'Ongedaan maken', keys: 'Control+Z', icon: <Undo />, enabled: (e) => e.can().undo(), run: (e) => chain(e).undo().run() },
    { label: 'Opnieuw', keys: 'Control+Y', icon: <Redo />, enabled: (e) => e.can().redo(), run: (e) => chain(e).redo().run() },
  ],
];

const shown = (keys: string) => keys.replace('Control', 'Ctrl');

/**
 * The editor's buttons, with Dutch names, their shortcuts in the tooltip and aria-keyshortcuts, and for each
 * toggle whether it is on where the cursor is (bold pressed inside bold text, or once Vet is chosen before typing).
 */
export function RichTextToolbar({ editor, label, disabled, onLink }: { editor: Editor; label: string; disabled: boolean; onLink: () => void }) {
  const tools = groups(onLink);
  // Read on every change of the editor: the buttons follow the cursor and the history.
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => tools.flat().map((tool) => ({ pressed: tool.pressed?.(e), enabled: tool.enabled?.(e) ?? true })),
    equalityFn: (a, b) => b !== null && a.length === b.length && a.every((tool, i) => tool.pressed === b[i]?.pressed && tool.enabled === b[i]?.enabled),
  });
  // A divider before each group but the first.
  const groupStarts = new Set(tools.slice(1).map((group) => group[0]!.label));
  return (
    <Box role="toolbar" aria-label={`Opmaak van ${label.toLowerCase()}`} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.25, py: 0.5 }}>
      {tools.flat().map((tool, i) => {
        const { pressed, enabled } = state[i] ?? { pressed: false, enabled: true };
        return (
          <Fragment key={tool.label}>
            {groupStarts.has(tool.label) && <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />}
            <Tooltip title={`${tool.label} (${shown(tool.keys)})`}>
              <span>
                <IconButton
                  size="small"
                  aria-label={tool.label}
                  aria-keyshortcuts={tool.keys}
                  aria-pressed={tool.pressed ? Boolean(pressed) : undefined}
                  aria-haspopup={tool.dialog ? 'dialog' : undefined}
                  disabled={disabled || !enabled}
                  // The editor keeps its selection: the button acts on the text that was chosen.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => tool.run(editor)}
                  sx={pressed ? { bgcolor: 'action.selected', color: 'primary.main' } : undefined}
                >
                  {tool.icon}
                </IconButton>
              </span>
            </Tooltip>
          </Fragment>
        );
      })}
    </Box>
  );
}
