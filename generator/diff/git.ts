/**
 * Git access for the spec differ: the last release tag, and the spec folder as it was at a
 * revision, extracted into a temporary folder. Git runs with an argument list (no shell).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A side of the diff that cannot be found or read; the message says what was given and what is accepted. */
export class SideError extends Error {
  override name = 'SideError';
}

interface GitResult {
  ok: boolean;
  stdout: Buffer;
  stderr: string;
}

function git(repo: string, args: readonly string[]): GitResult {
  const r = spawnSync('git', ['-C', repo, ...args], { maxBuffer: 256 * 1024 * 1024 });
  if (r.error) throw new SideError(`cannot run git: ${r.error.message}`);
  return { ok: r.status === 0, stdout: r.stdout, stderr: r.stderr.toString('utf8').trim() };
}

/** Rejects revision strings git would read as options, before any git call. */
function checkRevision(revision: string): void {
  if (revision.length === 0 || revision.startsWith('-') || /[\s\0]/.test(revision))
    throw new SideError(
      `revision ${JSON.stringify(revision)} is not valid: it must be a tag, branch, sha or HEAD~N (no leading "-", no spaces)`,
    );
}

/** True when `repo` is inside a git work tree. */
function isGitRepo(repo: string): boolean {
  return git(repo, ['rev-parse', '--is-inside-work-tree']).ok;
}

/** The commit a revision names, or undefined when it names none. */
function resolveRevision(repo: string, revision: string): string | undefined {
  checkRevision(revision);
  const r = git(repo, ['rev-parse', '--verify', '--quiet', `${revision}^{commit}`]);
  return r.ok ? r.stdout.toString('utf8').trim() : undefined;
}

/**
 * The most recent tag matching `v*` reachable from HEAD: the last release. Throws {@link SideError}
 * explaining how to pass the old side when there is none.
 */
export function lastReleaseTag(repo: string): string {
  if (!isGitRepo(repo))
    throw new SideError(
      `${repo} is not a git work tree, so there is no last release tag: pass the old side (a spec folder or a bundled file)`,
    );
  const r = git(repo, ['describe', '--tags', '--abbrev=0', '--match', 'v*', 'HEAD']);
  const tag = r.stdout.toString('utf8').trim();
  if (!r.ok || tag === '')
    throw new SideError(
      'no tag matching v* is reachable from HEAD, so there is no last release to compare with. ' +
        'Pass the old side explicitly: a revision (`npm run spec:diff -- HEAD~1`, a sha or a branch), ' +
        'a spec folder, or a bundled .json/.yaml file.',
    );
  return tag;
}

/** A spec folder extracted from a revision; `dispose` removes it. */
export interface ExtractedSpec {
  /** Temporary root: holds `<specDir>/` and, when the revision has one, `redocly.yaml`. */
  root: string;
  /** The root spec file inside it. */
  entry: string;
  /** The commit extracted. */
  commit: string;
  dispose: () => Promise<void>;
}

/**
 * Extracts `<specDir>/` (and `redocly.yaml`, which the lint configuration lives in) as they were at
 * `revision` into a new temporary folder.
 */
export async function extractSpecAt(repo: string, revision: string, specDir = 'spec'): Promise<ExtractedSpec> {
  const commit = resolveRevision(repo, revision);
  if (!commit)
    throw new SideError(
      `${JSON.stringify(revision)} is not a folder, a file, or a revision of the git repository at ${repo}`,
    );
  const entryRel = path.posix.join(specDir, 'openapi.yaml');
  if (!git(repo, ['cat-file', '-e', `${commit}:${entryRel}`]).ok)
    throw new SideError(`revision ${revision} (${commit.slice(0, 12)}) has no ${entryRel}`);

  const pathspecs = [specDir];
  if (git(repo, ['cat-file', '-e', `${commit}:redocly.yaml`]).ok) pathspecs.push('redocly.yaml');
  const archive = git(repo, ['archive', '--format=tar', commit, '--', ...pathspecs]);
  if (!archive.ok) throw new SideError(`git archive of ${revision} failed: ${archive.stderr}`);

  const root = await mkdtemp(path.join(tmpdir(), 'spec-diff-'));
  const dispose = (): Promise<void> => rm(root, { recursive: true, force: true });
  const untar = spawnSync('tar', ['-x', '-f', '-', '-C', root], { input: archive.stdout });
  if (untar.error || untar.status !== 0) {
    await dispose();
    throw new SideError(
      `extracting ${revision} failed: ${untar.error?.message ?? untar.stderr.toString('utf8').trim()}`,
    );
  }
  const entry = path.join(root, entryRel);
  if (!existsSync(entry)) {
    await dispose();
    throw new SideError(`revision ${revision} has no ${entryRel} after extraction`);
  }
  return { root, entry, commit, dispose };
}
