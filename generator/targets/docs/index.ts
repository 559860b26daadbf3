/**
 * The Markdown reference target: `docs/operations.md` and one page per area, from the IR alone
 * (files.ts renders them). The renderer (handlebars) is loaded on the first call.
 */
import type { Target } from '../target.js';

/** The Markdown reference target. */
export const docsTarget: Target = {
  name: 'docs',
  async areaFiles(input) {
    return (await import('./files.js')).areaFiles(input);
  },
  async sharedFiles(input) {
    return (await import('./files.js')).sharedFiles(input);
  },
};
