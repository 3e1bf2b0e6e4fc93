/** A select's options from a list of {value, label} choices (the value sets the console offers). */
export function Options({ choices }: { choices: readonly { value: string; label: string }[] }) {
  return (
    <>
      {choices.map((c) => (
        <option key={c.value} value={c.value}>
          {c.label}
        </option>
      ))}
    </>
  );
}
