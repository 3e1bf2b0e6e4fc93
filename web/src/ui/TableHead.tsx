// A table's header row: each column's heading, numeric ones right-aligned like their cells (class "num").
// `#Sent` is a numeric column "Sent"; anything else is text.
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) =>
          c.startsWith('#') ? (
            <th key={c} scope="col" className="num">
              {c.slice(1)}
            </th>
          ) : (
            <th key={c} scope="col">
              {c}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
