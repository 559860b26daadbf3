/**
 * Printing in one place: ts-morph builds each TypeScript file from structures (added in one batch
 * per file, no text insertion), and `print` returns every file's text for the formatter.
 */
import { Project, type StatementStructures } from 'ts-morph';
import { tsBanner } from './naming.js';

/** One TypeScript file to build: its path under `generated/` and its statements. */
export interface TsFile {
  path: string;
  statements: Array<StatementStructures | string>;
}

/** Builds every file in one in-memory project and returns path -> text (with the banner). */
export function printTypeScript(files: readonly TsFile[]): Map<string, string> {
  const project = new Project({ useInMemoryFileSystem: true, skipLoadingLibFiles: true });
  const out = new Map<string, string>();
  for (const file of files) {
    const source = project.createSourceFile(file.path, { statements: file.statements }, { overwrite: true });
    out.set(file.path, tsBanner() + source.getFullText());
  }
  return out;
}
