/**
 * The doc comments openapi-typescript writes, made plain: the description first and without its
 * `@description` tag (editors and documentation tools show plain text; the tag is not TSDoc), no
 * `@enum` or `@constant` line (the type already says it), no title line repeating the type's
 * name; `Format:` lines follow the description, `@default` and `@deprecated` stay.
 */

/**
 * One comment's text as the TypeScript printer holds it (between the opening and closing
 * markers), cleaned; `undefined` when nothing is left. `name` is the declared type's name.
 */
export function cleanDocComment(text: string, name?: string): string | undefined {
  const lines = text
    .split('\n')
    .map((line) =>
      line
        .replace(/^\s*\*?\s?/, '')
        .replace(/^@description\s+/, '')
        .trimEnd(),
    )
    .filter((line) => !/^@(enum|constant)\b/.test(line));
  const title = lines.findIndex((line) => line !== '');
  const kept = lines.filter((line, i) => !(i === title && line === name));
  const start = kept.findIndex((line) => line !== '');
  if (start < 0) return undefined;
  const end = kept.length - [...kept].reverse().findIndex((line) => line !== '');
  const isFormat = (line: string): boolean => line.startsWith('Format: ');
  const trimmed = kept.slice(start, end);
  const body = [...trimmed.filter((line) => !isFormat(line)), ...trimmed.filter(isFormat)];
  return body.length === 1 ? `* ${body[0]} ` : `*\n * ${body.join('\n * ')}\n `;
}
