/**
 * An inline script's text as it goes into every document: its lines without their indentation,
 * empty lines and whole-line `//` comments (a `//` within a line may be inside a string, so it
 * stays). Lines stay lines, so no statement runs into the next.
 */
export function compactScript(source: string): string {
  return source
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('//'))
    .join('\n');
}
