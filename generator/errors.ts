/**
 * Spec problems: every problem names the file and the JSON pointer it was found at. Any problem
 * stops the generator before anything is written.
 */

/** One problem found in the spec. */
export interface SpecProblem {
  /** File relative to the repository root, e.g. `spec/paths/wallet/transfers.yaml`. */
  file: string;
  /** JSON pointer inside that file (or inside the bundle when the file is the root). */
  pointer: string;
  /** What is wrong, naming the value and the rule. */
  message: string;
  /** Rule id (Redocly rule, or `ir/<check>` for the generator's own checks). */
  rule: string;
}

/** Thrown by a stage that found problems; carries all of them. */
export class SpecError extends Error {
  override name = 'SpecError';
  readonly problems: readonly SpecProblem[];

  constructor(problems: readonly SpecProblem[]) {
    super(
      `${problems.length} spec problem${problems.length === 1 ? '' : 's'}:\n` +
        problems.map((p) => `  ${p.file}#${p.pointer}: ${p.message} [${p.rule}]`).join('\n'),
    );
    this.problems = problems;
  }
}
