import { describe, expect, it } from 'vitest';
import { coversLater, wholeTiles, withCovers } from './covers-later';
import type { ProjectSummary } from './api/project-types';
import type { Media } from '~/lib/media/media';

const cover = (name: string, placeholder: string | null = 'd8cdd9,ded3e7,b6a1a3,e6e0ed,e7e1ef'): Media =>
  ({ url: `/uploads/${name}.jpg`, kind: 'image', alt: `${name} cover`, width: 1600, height: 2400, placeholder, formats: [] }) as unknown as Media;
const project = (id: string, tall = true, withCover: Media | null = cover(id)): ProjectSummary => ({ documentId: id, name: id, author: 'A', tall, cover: withCover });

describe("the grid's covers, first screen whole and the rest later", () => {
  it("counts the tiles on a phone's first screen from their heights, and a large window's", () => {
    // Below the shell's padding and the centred mark (184 px): a tall tile ends at 716, the next starts on screen.
    expect(wholeTiles([true, true, true, true], 'phone')).toBe(2);
    // Short tiles end at 450, 716 and 982 px: the third starts on the 844 px screen.
    expect(wholeTiles([false, false, false, false, false], 'phone')).toBe(3);
    expect(wholeTiles([false], 'phone')).toBe(1);
    expect(wholeTiles([], 'phone')).toBe(0);
    expect(wholeTiles(Array(50).fill(false), 'web')).toBe(36);
  });

  it('sends the rest without their covers, in their colour, and leaves a project without a cover as it is', () => {
    const list = [project('a'), project('b'), project('c', false, null), project('d', true, cover('d', '0f0f0f,1,2,3,4')), project('e')];
    const sent = coversLater(list, 2);
    expect(sent.slice(0, 2)).toEqual(list.slice(0, 2));
    expect(sent[2]).toEqual(list[2]);
    // A placeholder that is not five hex colours gives no colour (nothing of it reaches a style).
    expect(sent[3]).toMatchObject({ documentId: 'd', cover: null, later: { shade: null } });
    expect(sent[4]).toMatchObject({ documentId: 'e', cover: null, later: { shade: 'd8cdd9' } });
    // Nothing of the cover but its colour: no address, no alt text.
    expect(JSON.stringify(sent.slice(3))).not.toMatch(/\/uploads\/|d cover|e cover/);
  });

  it('puts the covers back from the whole list, by project, whatever its order', () => {
    const list = [project('a'), project('b'), project('c')];
    const sent = coversLater(list, 1);
    const complete = [list[2]!, list[0]!];
    const shown = withCovers(sent, complete);
    expect(shown[0]).toBe(sent[0]);
    expect(shown[2]).toEqual(list[2]);
    // Not in the answer (removed meanwhile): drawn without a cover, nothing still to come.
    expect(shown[1]).toEqual({ ...list[1], cover: null });
    expect(shown.some((project) => project.later)).toBe(false);
  });
});
