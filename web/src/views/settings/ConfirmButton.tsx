// A destructive action in two steps: the first press asks, the second does it (or Cancel). Inline rather
// than window.confirm, so it is styled, keyboard-friendly and testable like the rest of the page.
import { useState } from 'react';

interface Props {
  /** The accessible name of the first button ("Remove sam@acme.com"). */
  label: string;
  text: string;
  confirmText: string;
  pending?: boolean;
  onConfirm: () => void;
}

export function ConfirmButton({ label, text, confirmText, pending, onConfirm }: Props) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" className="danger" aria-label={label} onClick={() => setAsking(true)}>
        {text}
      </button>
    );
  }
  return (
    <span className="confirm" role="group" aria-label={`${label}?`}>
      <button
        type="button"
        className="danger"
        autoFocus
        disabled={pending}
        onClick={() => {
          onConfirm();
        }}
      >
        {confirmText}
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}
