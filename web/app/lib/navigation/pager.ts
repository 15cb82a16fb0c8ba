/**
 * Spec 4 and 5: detail pages know the list the visitor came from and their place in it; previous
 * is disabled at the first item and next at the last.
 */
export interface Neighbours {
  index: number;
  previous: string | null;
  next: string | null;
}

export function neighbours(list: readonly string[], current: string): Neighbours {
  const index = list.indexOf(current);
  if (index === -1) return { index, previous: null, next: null };
  return {
    index,
    previous: index > 0 ? list[index - 1]! : null,
    next: index < list.length - 1 ? list[index + 1]! : null,
  };
}

/** The list handed to a detail page in navigation state, when the visitor came from a list. */
export function listFromState(state: unknown): string[] | null {
  if (typeof state !== 'object' || state === null || !('list' in state)) return null;
  const { list } = state;
  return Array.isArray(list) && list.every((item) => typeof item === 'string') ? list : null;
}
