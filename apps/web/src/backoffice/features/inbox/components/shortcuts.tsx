import { useEffect, useRef, useState } from 'react';

/** Where a key is the user's typing, not a command: a field, an editor, a select's list, or an open dialog. */
function typingOrDialog(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return true;
  return Boolean(target.closest('[role="dialog"], [role="listbox"], [role="menu"], [role="combobox"]'));
}

/**
 * The queue's keys (issue 30.5): one letter each, without Ctrl, Alt or Meta, never while the user types in a field
 * or works in a dialog. `?` opens the list of them; the caller's keys are the rest.
 */
export function useShortcuts(keys: Partial<Record<string, () => void>>) {
  const [helpOpen, setHelpOpen] = useState(false);
  const latest = useRef(keys);
  useEffect(() => {
    latest.current = keys;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey || event.repeat) return;
      if (typingOrDialog(event.target) || document.querySelector('[role="dialog"]')) return;
      if (event.key === '?') {
        event.preventDefault();
        setHelpOpen(true);
        return;
      }
      const act = latest.current[event.key];
      if (!act) return;
      event.preventDefault();
      act();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return { helpOpen, openHelp: () => setHelpOpen(true), closeHelp: () => setHelpOpen(false) };
}
