/**
 * The spec's YAML read exactly as Redocly reads it (`parseYaml` in @redocly/openapi-core: js-yaml's
 * core schema with the merge, binary, omap, pairs and set tags, no timestamps, one document per
 * file), without loading Redocly. Used to reuse a previous bundle (bundle-reuse.ts), whose result
 * Redocly's own bundle still checks before anything is written.
 */
import { CORE_SCHEMA, YAMLException, binaryTag, loadAll, mergeTag, omapTag, pairsTag, setTag } from 'js-yaml';

const SCHEMA = CORE_SCHEMA.withTags(mergeTag, binaryTag, omapTag, pairsTag, setTag);

/** One spec file's YAML as data (`undefined` for an empty file); throws on invalid YAML or several documents. */
export function parseSpecYaml(text: string): unknown {
  const documents = loadAll(text, { schema: SCHEMA });
  if (documents.length === 0) return text.trim() === '' ? undefined : null;
  if (documents.length > 1) throw new YAMLException('expected a single document in the stream, but found more');
  return documents[0];
}
