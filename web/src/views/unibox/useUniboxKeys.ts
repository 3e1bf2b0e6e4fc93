// The unibox's keyboard: j / k next and previous reply (opened at once), e done, u read/unread, ? the
// shortcuts help, Escape closes it. Enter on a focused reply opens it natively (each is a link). Keys
// typed into a field (input, textarea, select, contenteditable) or with Ctrl/Alt/Meta are left alone.
import { useEffect, useRef } from 'react';

export interface UniboxKeyHandlers {
  next: () => void;
  previous: () => void;
  done: () => void;
  toggleRead: () => void;
  toggleHelp: () => void;
  closeHelp: () => void;
}

function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function useUniboxKeys(handlers: UniboxKeyHandlers): void {
  // The latest handlers, so the listener is added once.
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typingIn(e.target)) return;
      const h = latest.current;
      const action = { j: h.next, k: h.previous, e: h.done, u: h.toggleRead, '?': h.toggleHelp, Escape: h.closeHelp }[e.key];
      if (!action) return;
      e.preventDefault();
      action();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
