/**
 * `npm run spec:diff -- [<old> [<new>]] [options]`: compares two versions of the spec and what
 * each target exports from them, classifies every change and names the version bump the package needs. See `--help` and
 * docs/release-procedure.md.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readFile } from 'node:fs/promises';
import { SpecError } from '../generator/errors.js';
import { ChangelogError } from '../generator/diff/changelog.js';
import { diffSpecs } from '../generator/diff/compare.js';
import { SideError } from '../generator/diff/git.js';
import { defaultSides, loadSide } from '../generator/diff/load-side.js';
import { PackageJsonError, packageVersion, writeRelease } from '../generator/diff/release.js';
import { DraftError } from './fixtures/write.js';
import { regenerateAndDraft } from './release-pass.js';
import { formatJson, formatReport, versionLine } from '../generator/diff/report.js';
import { planVersion, VersionError } from '../generator/diff/semver.js';

const HELP = `usage: npm run spec:diff -- [<old> [<new>]] [options]

Compares two versions of the spec and what each target exports from them (TypeScript exports,
Python module-level names, CLI commands and flags), classifies every change (breaking, added,
deprecated, changed/documentation), and names the version bump the package needs. A name a target
no longer exports, or exports under another name, is breaking for that target; a schema renamed
with its old name in x-previous-names keeps it as a deprecated alias (deprecated).

Each side is one of:
  a spec folder holding openapi.yaml     spec, ../elsewhere/spec
  a root or bundled spec file            generated/openapi.json, old.yaml
  a git revision of the repository       HEAD~1, v0.2.0, 3f2c1ab (its spec/ is extracted and loaded)
An existing folder or file wins over a revision of the same name.
<old> defaults to the last tag matching v* reachable from HEAD; <new> to the working tree's spec/.

Options:
  --write            the release pass: prepend a CHANGELOG.md section (## <version> (API <release>)),
                     set package.json "version" and "exchangeApi": {"release": ...} and the same
                     version in packages/exchange-v4-mock/package.json (the Python package's follows
                     at generate time); then, in this repository (not with --root elsewhere),
                     regenerate generated/ and draft mock fixtures for every operation added
                     (npm run fixtures:draft; existing fixture files are kept)
  --fail-on <level>  exit 1 when there is a change of that level: breaking | any
  --json             print the diff as JSON instead of the text report
  --skip-lint        bundle only, without the Redocly lint (recommended + house rules)
  --root <dir>       repository: git revisions, package.json, CHANGELOG.md (default: this repository)
  --spec-dir <dir>   spec folder inside the repository (default: spec)
  -h, --help         this text

Versions: major for any breaking change, minor for additions and deprecations, patch for
documentation and compatible changes. While the package is 0.x: breaking -> minor, others -> patch.

Exit codes: 0 compared (and written); 1 --fail-on matched; 2 bad arguments, a side that cannot be
loaded, or a spec with problems.

Examples:
  npm run spec:diff -- HEAD~1 spec
  npm run spec:diff -- spec generated/openapi.json
  npm run spec:diff -- v0.1.0 --fail-on breaking
  npm run spec:diff -- --write`;

const FAIL_ON = ['breaking', 'any'] as const;

function fail(message: string): never {
  console.error(`spec:diff: ${message}`);
  process.exit(2);
}

let parsed: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    allowPositionals: true,
    options: {
      write: { type: 'boolean', default: false },
      'fail-on': { type: 'string' },
      json: { type: 'boolean', default: false },
      'skip-lint': { type: 'boolean', default: false },
      root: { type: 'string' },
      'spec-dir': { type: 'string', default: 'spec' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
}
try {
  parsed = parse();
} catch (error) {
  fail(`${(error as Error).message}\n\n${HELP}`);
}
const { values, positionals } = parsed;
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
const failOn = values['fail-on'];
if (failOn !== undefined && !(FAIL_ON as readonly string[]).includes(failOn))
  fail(`--fail-on must be ${FAIL_ON.join(' or ')}, got ${JSON.stringify(failOn)}`);

const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(values.root ?? repository);
const specDir = values['spec-dir'];

try {
  const sides = defaultSides(root, positionals, specDir);
  const options = { repo: root, specDir, lint: !values['skip-lint'] };
  const shown = (side: string): string => (path.isAbsolute(side) ? path.relative(process.cwd(), side) || '.' : side);
  const oldSide = { ...(await loadSide(sides.old, options)), label: shown(sides.old) };
  const newSide = { ...(await loadSide(sides.new, options)), label: shown(sides.new) };
  const diff = diffSpecs(oldSide, newSide);
  const plan = planVersion(packageVersion(await readFile(path.join(root, 'package.json'), 'utf8')), diff.changes);

  process.stdout.write(values.json ? formatJson(diff, plan) : formatReport(diff, plan));
  if (values.write) {
    if (plan.bump === 'none') console.error('no changes: nothing written');
    else {
      const written = await writeRelease(root, plan, diff.new.release, diff.changes);
      const files = [written.changelog, written.packageJson, ...(written.companion ? [written.companion] : [])];
      console.error(
        `wrote ${files.map((f) => path.relative(process.cwd(), f) || f).join(', ')} (${versionLine(plan)}, API ${diff.new.release})`,
      );
      if (root === repository) await regenerateAndDraft(root, diff.changes, (line) => console.error(line));
    }
  }
  const failing =
    failOn === 'any' ? diff.changes : diff.changes.filter((c) => failOn === 'breaking' && c.category === 'breaking');
  if (failOn !== undefined && failing.length > 0) {
    console.error(`spec:diff: ${failing.length} ${failOn === 'any' ? '' : 'breaking '}change(s) (--fail-on ${failOn})`);
    process.exit(1);
  }
} catch (error) {
  if (error instanceof SpecError)
    fail(`a side has spec problems (try --skip-lint if they are lint-only):\n${error.message}`);
  if (
    error instanceof SideError ||
    error instanceof VersionError ||
    error instanceof ChangelogError ||
    error instanceof DraftError ||
    error instanceof PackageJsonError
  )
    fail(error.message);
  throw error;
}
