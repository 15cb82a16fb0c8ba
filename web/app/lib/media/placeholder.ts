import type { CSSProperties } from 'react';

/** `avg,tl,tr,bl,br` as the CMS makes it (cms/src/bootstrap/placeholders.ts): five hex colours. */
const PLACEHOLDER = /^[0-9a-f]{6}(,[0-9a-f]{6}){4}$/;

export const isPlaceholder = (value: unknown): value is string => typeof value === 'string' && PLACEHOLDER.test(value);

/**
 * A picture's colours drawn behind it until it arrives (issue 26): its average colour, with its
 * four corners' colours fading in from the corners, a soft preview of the picture in a few dozen
 * bytes of the page. Plain CSS, so it shows before any script has run.
 */
export function placeholderStyle(placeholder: string | null | undefined): CSSProperties | undefined {
  if (!isPlaceholder(placeholder)) return undefined;
  const [average, ...corners] = placeholder.split(',').map((colour) => `#${colour}`);
  const at = ['0% 0%', '100% 0%', '0% 100%', '100% 100%'];
  return {
    backgroundColor: average,
    backgroundImage: corners.map((colour, index) => `radial-gradient(circle at ${at[index]}, ${colour}, transparent 72%)`).join(', '),
  };
}
