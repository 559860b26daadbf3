/**
 * Printing in one place: ts-morph prints each TypeScript file from structures (one source-file
 * structure per file, no text insertion) with `printStructure`, which writes the text without
 * parsing it into a syntax tree; `printTypeScript` returns every file's text for the formatter.
 */
import { printStructure, StructureKind } from './ts-morph.js';
import type { StatementStructures } from 'ts-morph';
import { tsBanner } from '../../emit-kit/naming.js';

/** One TypeScript file to build: its path under `generated/` and its statements. */
export interface TsFile {
  path: string;
  statements: Array<StatementStructures | string>;
}

/** Prints every file and returns path -> text (with the banner). */
export function printTypeScript(files: readonly TsFile[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of files) {
    out.set(file.path, tsBanner() + printStructure({ kind: StructureKind.SourceFile, statements: file.statements }));
  }
  return out;
}
