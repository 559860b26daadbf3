/**
 * The generator's targets, in the order the pipeline runs them. Adding a target is a folder of
 * `generator/targets/` exporting a {@link Target} and one line here; removing one is the reverse
 * (see docs/ir.md, "How to add a target").
 */
import type { Target } from './target.js';
import { docsTarget } from './docs/index.js';
import { pythonTarget } from './python/index.js';
import { typescriptTarget } from './typescript/index.js';

/** Every target `npm run generate` renders. */
export const TARGETS: readonly Target[] = [typescriptTarget, docsTarget, pythonTarget];
