import { describe, expect, it } from 'vitest';
import { joinTranslations, splitForProvider } from './split';

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

describe('splitting for the 500-byte provider limit', () => {
  it('leaves short texts whole', () => {
    expect(splitForProvider('短句。')).toEqual(['短句。']);
  });

  it('splits long texts at sentence ends, each piece within the limit, nothing lost', () => {
    const sentence = '这是一个用来测试的很长的句子，里面有一些逗号和内容。';
    const text = sentence.repeat(20);
    const pieces = splitForProvider(text);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.every((piece) => bytes(piece) <= 500)).toBe(true);
    expect(pieces.join('')).toBe(text);
    expect(pieces.every((piece) => piece.endsWith('。'))).toBe(true);
  });

  it('falls back to clause boundaries, then to a hard cut, for one endless sentence', () => {
    const clauses = '没有句号的长句子，'.repeat(80);
    expect(splitForProvider(clauses).every((piece) => piece.endsWith('，') && bytes(piece) <= 500)).toBe(true);
    const solid = '字'.repeat(400);
    const pieces = splitForProvider(solid);
    expect(pieces.join('')).toBe(solid);
    expect(pieces.every((piece) => bytes(piece) <= 500)).toBe(true);
  });

  it('joins the English pieces with single spaces', () => {
    expect(joinTranslations(['First sentence.', ' Second one. ', ''])).toBe('First sentence. Second one.');
  });
});
