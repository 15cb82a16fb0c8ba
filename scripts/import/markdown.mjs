// The text files of an import folder (docs/importing.md): front matter of `key: value` lines
// between two `---` lines, then the body in Markdown. Only what a studio's write-up needs: no
// YAML lists or nesting, headings, paragraphs, quotes, lists and links in the body.

export class FormatError extends Error {
  name = 'FormatError';
}

/** `{ fields, body }` of a file's text; a front matter that does not parse is a FormatError. */
export function parseFrontMatter(text) {
  const normalized = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!normalized.startsWith('---\n')) return { fields: {}, body: normalized.trim() };
  const end = normalized.indexOf('\n---', 4);
  if (end < 0) throw new FormatError('the front matter opened with --- is never closed with ---');
  const fields = {};
  for (const [index, line] of normalized.slice(4, end).split('\n').entries()) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    const match = /^([A-Za-z][A-Za-z0-9_]*)\s*:\s*(.*)$/.exec(line);
    if (!match) throw new FormatError(`front matter line ${index + 2} is not "key: value": ${JSON.stringify(line.slice(0, 60))}`);
    let value = match[2].trim();
    if (/^(["']).*\1$/.test(value)) value = value.slice(1, -1);
    fields[match[1]] = value;
  }
  return { fields, body: normalized.slice(end + 4).replace(/^-*\n/, '').trim() };
}

/** Text with Markdown links (`[text](https://…)`) as Strapi's rich-text children. */
function inline(text) {
  const children = [];
  const link = /\[([^\]]+)\]\((https?:\/\/[^)\s]+|mailto:[^)\s]+)\)/g;
  let at = 0;
  for (const match of text.matchAll(link)) {
    if (match.index > at) children.push({ type: 'text', text: text.slice(at, match.index) });
    children.push({ type: 'link', url: match[2], children: [{ type: 'text', text: match[1] }] });
    at = match.index + match[0].length;
  }
  if (at < text.length || children.length === 0) children.push({ type: 'text', text: text.slice(at) });
  return children;
}

/**
 * A Markdown body as Strapi 5's blocks: `#`–`###` headings, `>` quotes, `-`/`*` and `1.` lists,
 * paragraphs (lines joined); links kept.
 */
export function markdownBlocks(body) {
  const blocks = [];
  for (const chunk of body.split(/\n{2,}/).map((part) => part.trim()).filter(Boolean)) {
    const lines = chunk.split('\n');
    const heading = /^(#{1,3})\s+(.+)$/.exec(chunk);
    if (heading && lines.length === 1) {
      blocks.push({ type: 'heading', level: heading[1].length + 1, children: inline(heading[2].trim()) });
    } else if (lines.every((line) => /^>\s?/.test(line))) {
      blocks.push({ type: 'quote', children: inline(lines.map((line) => line.replace(/^>\s?/, '')).join(' ')) });
    } else if (lines.every((line) => /^[-*]\s+/.test(line)) || lines.every((line) => /^\d+[.)]\s+/.test(line))) {
      const ordered = /^\d/.test(lines[0]);
      blocks.push({ type: 'list', format: ordered ? 'ordered' : 'unordered', children: lines.map((line) => ({ type: 'list-item', children: inline(line.replace(/^([-*]|\d+[.)])\s+/, '')) })) });
    } else {
      blocks.push({ type: 'paragraph', children: inline(lines.join(' ')) });
    }
  }
  return blocks;
}
