import { Fragment, type ReactNode } from 'react';

const ZERO = '\u3007'; // 〇 (a character, not interface text)

/**
 * Chinese years are written 二〇二四; in the CJK faces the ideographic zero is a full-size circle
 * that reads heavier than the strokes around it. Each one is set a little smaller, raised to the
 * same centre (global.css `.ideographic-zero`), the text itself unchanged (issue 30).
 */
export function setIdeographicZero(text: string): ReactNode {
  if (!text.includes(ZERO)) return text;
  return text.split(ZERO).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <span className="ideographic-zero">{ZERO}</span>}
      {part}
    </Fragment>
  ));
}
