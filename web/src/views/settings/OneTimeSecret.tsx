// A secret the service shows once (a new API key, a webhook's signing secret): in a read-only field with a
// copy button and a warning, until the user says they have stored it. After that it is gone for good:
// nothing in the console can show it again.
import { useId, useState } from 'react';

interface Props {
  /** The field's label ("New API key"). */
  label: string;
  value: string;
  onDone: () => void;
}

export function OneTimeSecret({ label, value, onDone }: Props) {
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      // No clipboard permission (an insecure origin, a locked-down browser): the field is selected instead.
      (document.getElementById(id) as HTMLInputElement | null)?.select();
      setCopied('failed');
    }
  };
  return (
    <div className="card one-time-secret">
      <p className="warning">
        <strong>Copy it now: it will not be shown again.</strong>
      </p>
      <div className="row">
        <label htmlFor={id} className="grow">
          {label}
          <input id={id} readOnly value={value} className="secret" onFocus={(e) => e.currentTarget.select()} />
        </label>
        <button type="button" onClick={() => void copy()}>
          Copy
        </button>
        <button type="button" className="primary" onClick={onDone}>
          I have stored it
        </button>
      </div>
      <p role="status" className="muted">
        {copied === 'yes' ? 'Copied to the clipboard.' : copied === 'failed' ? 'The browser would not copy: the field is selected, copy it with Ctrl+C.' : ''}
      </p>
    </div>
  );
}
