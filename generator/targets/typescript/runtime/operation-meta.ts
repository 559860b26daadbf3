/**
 * How a generated operation module reads its metadata: `operationMeta('<JSON text>')`, from the
 * platform module. Under the `node` condition the text is parsed on first use (lazy-meta.ts): Node
 * loads every operation at once. Elsewhere it is `JSON.parse`: a bundle holds only the operations
 * it calls, and the object is a plain one. The request functions read the parsed object through
 * `plainMeta`.
 */
export { operationMeta, plainMeta } from '#platform';
