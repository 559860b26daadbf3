/**
 * The shape fingerprint of the IR's JSON Schema: SHA-256 of the schema with its documentation
 * (`description`, `title`, `$comment`) and its own version (`$id`, `irVersion`'s `const`) left
 * out, keys sorted. `generator/ir/versions.json` records the fingerprint of every released IR
 * version; a test fails when the schema's shape changes without a version bump.
 */
import { createHash } from 'node:crypto';

const DOCUMENTATION = new Set(['description', 'title', '$comment']);

function canonical(node: unknown, key?: string): unknown {
  if (Array.isArray(node)) return node.map((n) => canonical(n));
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(node).sort()) {
    if (DOCUMENTATION.has(k) || k === '$id') continue;
    if (key === 'irVersion' && k === 'const') continue;
    out[k] = canonical((node as Record<string, unknown>)[k], k);
  }
  return out;
}

/** `sha256:<hex>` of the schema's shape. */
export function schemaFingerprint(schema: unknown): string {
  return `sha256:${createHash('sha256')
    .update(JSON.stringify(canonical(schema)))
    .digest('hex')}`;
}
