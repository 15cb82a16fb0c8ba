import { useState } from 'react';

/**
 * `value`, or the one given on an earlier render when the two are equal (as JSON). Loader data is
 * decoded into new objects on every visit, also when nothing changed: a list kept in the document
 * and shown again by Back (issue 41) keeps its objects, so its memoised items do not render again.
 */
export function useEqualValue<T>(value: T): T {
  const [kept, setKept] = useState(value);
  if (kept === value || JSON.stringify(kept) === JSON.stringify(value)) return kept;
  setKept(value);
  return value;
}
