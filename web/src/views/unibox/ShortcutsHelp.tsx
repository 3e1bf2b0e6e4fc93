// The visible list of the unibox's keyboard shortcuts (toggled by its button or by ?).
export const SHORTCUTS: [string, string][] = [
  ['j', 'Open the next reply'],
  ['k', 'Open the previous reply'],
  ['Enter', 'Open the focused reply'],
  ['e', 'Done: mark the open reply read and open the next one'],
  ['u', 'Mark the open reply read or unread'],
  ['?', 'Show or hide these shortcuts'],
  ['Esc', 'Hide these shortcuts'],
];

export function ShortcutsHelp({ id }: { id: string }) {
  return (
    <section id={id} className="card unibox-help" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Keyboard shortcuts</h2>
      <p className="muted">Shortcuts work anywhere on this page except while typing in a field.</p>
      <dl>
        {SHORTCUTS.map(([key, what]) => (
          <div key={key}>
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
