/**
 * `cli/help-text.ts`: the words the CLI's help prints that the operation metadata does not hold,
 * the summary of every operation and the description of each parameter, by operationId. It is
 * bundled into the CLI only (`dist/cli.js`), so the client does not carry it.
 */
import { StructureKind, VariableDeclarationKind } from './ts-morph.js';
import type { IR } from '../../ir/types.js';
import { literal } from './literal.js';
import { fieldsOf, resolve } from '../../emit-kit/schema-text.js';
import type { TsFile } from './printer.js';

/** One operation's help words. */
interface OperationHelpText {
  readonly summary: string;
  /** Parameter and body field descriptions by wire name (only those the spec describes). */
  readonly params: Readonly<Record<string, string>>;
}

const oneLine = (text: string): string => text.replace(/\s*\n\s*/g, ' ').trim();

/** The help words of every operation, sorted by operationId. */
function helpTexts(ir: IR): Record<string, OperationHelpText> {
  const out: Record<string, OperationHelpText> = {};
  for (const op of [...ir.operations].sort((a, b) => a.id.localeCompare(b.id))) {
    const params: Record<string, string> = {};
    for (const parameter of op.parameters) {
      if (parameter.description !== undefined && parameter.description !== '') {
        params[parameter.name] = oneLine(parameter.description);
      }
    }
    const body = op.requestBody === undefined ? undefined : resolve(op.requestBody.schema, ir);
    if (body !== undefined && body['type'] !== 'array' && op.shape === 'shaped') {
      for (const field of fieldsOf(body, ir))
        if (field.description !== '') params[field.name] = oneLine(field.description);
    }
    out[op.id] = { summary: oneLine(op.summary), params };
  }
  return out;
}

/** The generated module (under `generated/cli/`). */
export function cliHelpFile(ir: IR): TsFile {
  return {
    path: 'cli/help-text.ts',
    statements: [
      {
        kind: StructureKind.Interface,
        isExported: true,
        name: 'OperationHelpText',
        docs: ["One operation's help words: its summary and its parameters' descriptions by wire name."],
        properties: [
          { name: 'summary', isReadonly: true, type: 'string' },
          { name: 'params', isReadonly: true, type: 'Readonly<Record<string, string>>' },
        ],
      },
      {
        kind: StructureKind.VariableStatement,
        isExported: true,
        declarationKind: VariableDeclarationKind.Const,
        declarations: [
          {
            name: 'helpTexts',
            type: 'Readonly<Record<string, OperationHelpText>>',
            initializer: literal(helpTexts(ir)),
          },
        ],
        docs: ['Summary and parameter descriptions of every operation, by operationId (the CLI help).'],
      },
    ],
  };
}
