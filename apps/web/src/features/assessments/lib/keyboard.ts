/**
 * Whether a key press belongs to what has focus rather than to the page's shortcuts: typing in
 * a text field, a select, an editable element, or anything inside a dialog.
 */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const el = target as HTMLElement;
  if (el.closest('[role="dialog"]')) return true;
  if (el.isContentEditable) return true;
  const tag = el.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (el as HTMLInputElement).type;
    return !['radio', 'checkbox', 'button', 'submit', 'reset', 'range'].includes(type);
  }
  const role = el.getAttribute('role');
  return role === 'combobox' || role === 'textbox' || role === 'listbox';
}

/** Whether a key press carries a modifier the browser or the system uses. */
export function hasModifier(e: Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey'>): boolean {
  return e.altKey || e.ctrlKey || e.metaKey;
}

/** The move a key asks for on the assessor screen: next (j, ↓), previous (k, ↑) or none. */
export function navigationKey(key: string, onRadio: boolean): 1 | -1 | null {
  if (key === 'j') return 1;
  if (key === 'k') return -1;
  // Arrow keys move within a group of radios (the answer): theirs there.
  if (onRadio) return null;
  if (key === 'ArrowDown') return 1;
  if (key === 'ArrowUp') return -1;
  return null;
}
