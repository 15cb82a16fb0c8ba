import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setIdeographicZero } from './ideographic-zero';

describe('setIdeographicZero', () => {
  it('sets each 〇 in its own span and keeps the text as it was', () => {
    const { container } = render(<p>{setIdeographicZero('二〇二〇年，成立于二〇一四')}</p>);
    expect(container.textContent).toBe('二〇二〇年，成立于二〇一四');
    expect([...container.querySelectorAll('.ideographic-zero')].map((span) => span.textContent)).toEqual(['〇', '〇', '〇']);
  });

  it('leaves text without one untouched', () => {
    expect(setIdeographicZero('2024 红点设计奖')).toBe('2024 红点设计奖');
  });
});
