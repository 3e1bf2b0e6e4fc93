import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `ms` (a preview or a search follows typing without a
 *  request per key). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}
