/**
 * The command line: `exchange-v4 [global flags] <area> <operation> [--param value ...]`. Global
 * flags, the command words, and the operation's flags (one per parameter of its metadata, plus
 * `--body` for list and open bodies and `--query` for named-only operations) are read with
 * `node:util` `parseArgs`; values by the parameter's rule. Pure but for reading `@file.json`.
 */
import { parseArgs } from 'node:util';
import type { OperationMeta } from '../generated/src/index.js';
import { CliUsageError } from './errors.js';
import { parseJsonArgument, parseValue } from './values.js';

/** Flags valid in every command. */
export const GLOBAL_FLAGS = {
  'base-url': { type: 'string' },
  server: { type: 'string' },
  mock: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The global flags as read. */
export interface GlobalFlags {
  readonly baseUrl?: string | undefined;
  readonly server?: string | undefined;
  readonly mock: boolean;
  readonly help: boolean;
}

/** Splits the command words (up to two) from the flags around them. */
export function commandWords(argv: readonly string[]): { words: string[]; rest: string[] } {
  const words: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i] ?? '';
    if (words.length === 2 || token.startsWith('-')) {
      rest.push(token);
      const takesValue = token === '--base-url' || token === '--server';
      if (words.length < 2 && takesValue && i + 1 < argv.length) rest.push(argv[++i] ?? '');
    } else {
      words.push(token);
    }
  }
  return { words, rest };
}

/** The flag names of an operation's parameters (wire names) and extra JSON flags. */
export function operationFlags(meta: Pick<OperationMeta, 'rules' | 'body' | 'shape'>): string[] {
  const names = (meta.rules ?? []).map((rule) => rule.name);
  if (meta.body === 'open') names.push('body');
  if (meta.shape === 'named-only') names.push('query');
  return [...new Set(names)];
}

/** Reads the global flags only (for `--help` and commands without an operation). */
export function readGlobalFlags(rest: readonly string[]): GlobalFlags {
  const { values } = parseCommandLine(rest, {});
  return globalsOf(values);
}

function globalsOf(values: Record<string, string | boolean | undefined>): GlobalFlags {
  const text = (name: string): string | undefined => {
    const value = values[name];
    return typeof value === 'string' ? value : undefined;
  };
  return {
    baseUrl: text('base-url'),
    server: text('server'),
    mock: values['mock'] === true,
    help: values['help'] === true,
  };
}

function parseCommandLine(
  rest: readonly string[],
  extra: Record<string, { type: 'string' }>,
): { values: Record<string, string | boolean | undefined> } {
  try {
    const { values } = parseArgs({
      args: [...rest],
      options: { ...extra, ...GLOBAL_FLAGS },
      strict: true,
      allowPositionals: false,
    });
    return { values };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const flag = /'(-{1,2}[^' ]+)/.exec(message)?.[1]?.replace(/^-+/, '');
    throw new CliUsageError(message, 'flag', flag);
  }
}

/** The globals and the operation's params object, checked against its metadata. */
export function readOperationArgs(
  meta: OperationMeta,
  rest: readonly string[],
): { globals: GlobalFlags; params: Record<string, unknown> } {
  const flags = operationFlags(meta);
  const clash = flags.find((flag) => flag in GLOBAL_FLAGS);
  const options = Object.fromEntries(flags.map((flag) => [flag, { type: 'string' as const }]));
  if (clash !== undefined) throw new CliUsageError(`parameter ${clash} clashes with a global flag`, 'flag', clash);
  const { values } = parseCommandLine(rest, options);
  const globals = globalsOf(values);
  const params: Record<string, unknown> = {};
  if (globals.help) return { globals, params };
  for (const rule of meta.rules ?? []) {
    const text = values[rule.name];
    if (typeof text === 'string') params[rule.name] = parseValue(rule.name, text, rule);
    else if (rule.required === true) {
      throw new CliUsageError(`--${rule.name} is required (${rule.in} parameter)`, 'required', rule.name);
    }
  }
  for (const name of ['body', 'query']) {
    const text = values[name];
    if (typeof text === 'string' && flags.includes(name)) params[name] = parseJsonArgument(name, text);
  }
  return { globals, params };
}
