/**
 * Help text at each level (the CLI, an area, an operation), written from the operation metadata:
 * method and path, signing, rate limit, retry behaviour, pagination, and every parameter with its
 * place, type, requirement, allowed values and bounds. Pure functions.
 */
import { helpTexts } from '../generated/cli/help-text.js';
import type { FieldRule, OperationMeta } from '../generated/src/index.js';
import { operationFlags } from './args.js';
import type { CommandTable } from './names.js';

const GLOBALS = [
  '  --base-url URL   base URL (default: EXCHANGE_V4_BASE_URL, else the live server)',
  '  --server NAME    a server of the spec by name: live, testnet, futures',
  '  --mock           start a throwaway mock (package exchange-v4-mock) and call it',
  '  -h, --help       this help',
  '',
  'Environment: EXCHANGE_V4_KEY and EXCHANGE_V4_SECRET (the key pair for signed calls),',
  'EXCHANGE_V4_BASE_URL. Output: the answer as JSON on stdout; an error as JSON on stderr.',
];

/** Help of the whole CLI: usage, areas, global flags. */
export function topHelp(table: CommandTable): string {
  return [
    'Usage: exchange-v4 [flags] <area> <operation> [--param value ...]',
    '       exchange-v4 mock [--port N]   (runs the mock server from exchange-v4-mock)',
    '',
    'Areas:',
    ...[...table.entries()].map(
      ([area, ops]) => `  ${area.padEnd(14)} ${ops.size} ${ops.size === 1 ? 'operation' : 'operations'}`,
    ),
    '',
    'Flags:',
    ...GLOBALS,
    '',
    'Run `exchange-v4 <area> --help` for its operations.',
  ].join('\n');
}

/** Help of one area: its operations with method, path and signing. */
export function areaHelp(area: string, operations: ReadonlyMap<string, OperationMeta>): string {
  const width = Math.max(...[...operations.keys()].map((name) => name.length));
  return [
    `Usage: exchange-v4 ${area} <operation> [--param value ...]`,
    '',
    'Operations:',
    ...[...operations.entries()].map(
      ([name, meta]) =>
        `  ${name.padEnd(width)}  ${meta.method} ${meta.path}${meta.auth === 'private' ? ' (signed)' : ''}` +
        `\n  ${' '.repeat(width)}  ${helpTexts[meta.id]?.summary ?? ''}`,
    ),
    '',
    `Run \`exchange-v4 ${area} <operation> --help\` for its parameters.`,
  ].join('\n');
}

/** One parameter's type, requirement, allowed values and bounds, e.g. `integer, 1..1000`. */
export function describeRule(rule: FieldRule): string {
  const type =
    rule.type === 'array' ? `list of ${rule.items?.type ?? 'string'} (comma-separated)` : (rule.type ?? 'string');
  const parts = [rule.format === undefined ? type : `${type} (${rule.format})`, rule.in];
  if (rule.required === true) parts.push('required');
  if (rule.enum !== undefined) parts.push(`one of ${rule.enum.map(String).join('|')}`);
  if (rule.minimum !== undefined || rule.maximum !== undefined) {
    parts.push(`${rule.minimum ?? ''}..${rule.maximum ?? ''}`);
  }
  if (rule.type === 'object') parts.push('JSON or @file.json');
  return parts.join(', ');
}

/** Help of one operation: what it calls, how it behaves, and its flags. */
export function operationHelp(area: string, name: string, meta: OperationMeta): string {
  const limit = meta.rateLimit;
  const lines = [
    `Usage: exchange-v4 ${area} ${name} [--param value ...]`,
    '',
    `${helpTexts[meta.id]?.summary ?? meta.id}: ${meta.method} ${meta.path}  (${meta.id}${meta.deprecated === true ? ', deprecated' : ''})`,
    `Signed: ${meta.auth === 'private' ? 'yes (EXCHANGE_V4_KEY / EXCHANGE_V4_SECRET)' : 'no'}`,
    `Rate limit: ${limit.requests} ${limit.requests === 1 ? 'request' : 'requests'} per ${limit.window} s per ${limit.scope}`,
    `Retry: ${meta.retry}`,
  ];
  if (meta.pagination !== undefined) {
    lines.push(`Pagination: ${meta.pagination.style}, limit up to ${meta.pagination.maxLimit}`);
  }
  lines.push('', 'Parameters:');
  const flags = operationFlags(meta);
  if (flags.length === 0) lines.push('  (none)');
  const described = helpTexts[meta.id]?.params ?? {};
  for (const rule of meta.rules ?? []) {
    const text = described[rule.name];
    lines.push(`  --${rule.name}  ${describeRule(rule)}${text === undefined ? '' : `\n      ${text}`}`);
  }
  if (flags.includes('body')) lines.push('  --body  JSON or @file.json, the request body as sent');
  if (flags.includes('query')) lines.push('  --query  JSON object of query parameters');
  lines.push('', 'Flags:', ...GLOBALS);
  return lines.join('\n');
}
