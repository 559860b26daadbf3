/**
 * Command-line text to a parameter value, by the parameter's rule: integers (int64 kept as digit
 * strings, so nothing is rounded), numbers, booleans, comma lists of any of these, JSON for
 * objects, and `@file.json` to read JSON from a file. Pure but for reading the named file.
 */
import { readFileSync } from 'node:fs';
import type { FieldRule } from '../generated/src/index.js';
import { CliUsageError } from './errors.js';

/** The parts of a rule that decide how text is read. */
export type ValueRule = Pick<FieldRule, 'type' | 'format' | 'enum'> & { readonly items?: ValueRule | undefined };

const INTEGER = /^-?\d+$/;
const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

function bad(field: string, text: string, rule: string, explanation: string): never {
  throw new CliUsageError(`--${field} ${JSON.stringify(text)}: ${explanation}`, rule, field);
}

/** Parses JSON text (or `@path` to a JSON file) given for `field`. */
export function parseJsonArgument(field: string, text: string): unknown {
  let source = text;
  if (text.startsWith('@')) {
    try {
      source = readFileSync(text.slice(1), 'utf8');
    } catch {
      bad(field, text, 'file', `cannot read file ${text.slice(1)}`);
    }
  }
  try {
    return JSON.parse(source) as unknown;
  } catch {
    return bad(field, text, 'json', 'must be JSON (or @file.json)');
  }
}

/** Reads one scalar by its rule type. */
function scalar(field: string, text: string, rule: ValueRule): unknown {
  let value: unknown = text;
  switch (rule.type) {
    case 'integer':
      if (!INTEGER.test(text)) bad(field, text, 'integer', 'must be an integer');
      value = rule.format === 'int64' ? text : Number(text);
      break;
    case 'number':
      if (!NUMBER.test(text)) bad(field, text, 'number', 'must be a number');
      value = Number(text);
      break;
    case 'boolean':
      if (text !== 'true' && text !== 'false') bad(field, text, 'boolean', 'must be true or false');
      value = text === 'true';
      break;
    case 'object':
      return parseJsonArgument(field, text);
    default:
      break;
  }
  if (rule.enum !== undefined && !rule.enum.some((allowed) => String(allowed) === text)) {
    bad(field, text, 'enum', `must be one of ${rule.enum.map(String).join(', ')}`);
  }
  return value;
}

/**
 * The value of `--field text` for a parameter with `rule`. Lists take comma-separated items (or a
 * JSON array when the text starts with `[`); objects take JSON or `@file.json`.
 */
export function parseValue(field: string, text: string, rule: ValueRule): unknown {
  if (rule.type === 'array') {
    if (text.startsWith('[') || text.startsWith('@')) return parseJsonArgument(field, text);
    const items = rule.items ?? {};
    return text === '' ? [] : text.split(',').map((item) => scalar(field, item.trim(), items));
  }
  return scalar(field, text, rule);
}
