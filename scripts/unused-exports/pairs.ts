/**
 * Unused exports across the runtime's two copies. The generator copies each hand-written runtime file
 * into generated/ under a banner naming its source; tests import the source, generated code the copy.
 * An export is unused only when neither copy has a user, so a finding in one copy counts only when
 * the other copy has the same finding. Pure: knip's findings in, the real ones out.
 */

/** One unused export as knip reports it. */
export interface Finding {
  readonly file: string;
  readonly name: string;
  readonly line: number;
}

/**
 * The findings that stand: a finding in a copy is left to its source; a finding in a source counts
 * only when its copy has it too; any other finding counts. `copies` maps every copied file to its source.
 */
export function standingFindings(findings: readonly Finding[], copies: ReadonlyMap<string, string>): Finding[] {
  const copyOf = new Map([...copies].map(([copy, source]) => [source, copy]));
  const flagged = new Set(findings.map((finding) => `${finding.file}\0${finding.name}`));
  return findings
    .filter((finding) => !copies.has(finding.file))
    .filter((finding) => {
      const copy = copyOf.get(finding.file);
      return copy === undefined || flagged.has(`${copy}\0${finding.name}`);
    })
    .sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1));
}
