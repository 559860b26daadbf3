/** Python names the Python target derives from the IR, in one place. */
import { pascal } from '../../emit-kit/naming.js';

const KEYWORDS = new Set(
  (
    'False None True and as assert async await break class continue def del elif else except finally for from ' +
    'global if import in is lambda nonlocal not or pass raise return try while with yield match case type'
  ).split(' '),
);

/** `listWithdrawals` / `sub_accounts` -> `list_withdrawals` / `sub_accounts`. */
const snake = (s: string): string =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toLowerCase();

/** Is `name` usable as a Python identifier (class-syntax TypedDict key, keyword argument)? */
export const isIdentifier = (name: string): boolean => /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !KEYWORDS.has(name);

/** Python method of an operation: `listWithdrawals` -> `list_withdrawals`. */
export const methodName = (id: string): string => {
  const name = snake(id);
  return isIdentifier(name) ? name : `${name}_`;
};

/** Client attribute of an area: `sub_accounts`. */
export const areaAttribute = (area: string): string => methodName(area);
/** Group class of an area: `SubAccountsApi`. */
export const areaClass = (area: string): string => `${pascal(area)}Api`;
/** Module of an area (without `.py`). */
export const areaModule = (area: string): string => snake(area);
/** Params TypedDict of an operation. */
export const paramsName = (id: string): string => `${pascal(id)}Params`;
/** Type alias of an operation's success data. */
export const responseName = (id: string): string => `${pascal(id)}Response`;
/** Type alias of one item of a paginated operation. */
export const itemName = (id: string): string => `${pascal(id)}Item`;

/** A Python string literal (double quotes; escapes for `\`, `"`, control and non-BMP-safe characters). */
export function pyString(text: string): string {
  let out = '"';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '\\') out += '\\\\';
    else if (ch === '"') out += '\\"';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

/** Text safe inside a `"""` docstring: no closing quotes, no escapes. */
export const docText = (text: string): string => text.replace(/\\/g, '\\\\').replace(/"""/g, '\\"\\"\\"');

/** Banner of every generated Python file. */
export const pyBanner = (lines: readonly string[]): string => lines.map((l) => `# ${l}`).join('\n');

/** Banner of a hand-written runtime file the generator copies as written: it names the file to edit. */
export const pyCopiedBanner = (source: string): string =>
  `# Copied by exchange-v4 from ${source}. Do not edit here: edit that file,\n# then run: npm run generate\n`;
