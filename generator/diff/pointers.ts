/**
 * JSON pointers into a bundled document, for the places the differ reports: operations,
 * parameters, bodies and schemas. A `$ref` met on the way is followed, so a shared parameter or
 * response is reported where it is defined (`/components/parameters/Offset/schema`).
 */
import { isObject, nodeAt, pointer } from '../../spec/lint/support/json.js';
import { deref, type Node } from '../ir/resolve.js';
import type { IROperation, IRParameter } from '../ir/types.js';

/**
 * The pointer for `segments` below `base`, following any local `$ref` met on an intermediate node
 * (the last node is left as it is: a `$ref` there is the thing being pointed at).
 */
function locate(doc: Node, base: string, ...segments: Array<string | number>): string {
  let ptr = base;
  for (const seg of segments) {
    for (let hops = 0; hops < 16; hops++) {
      const node = nodeAt(doc, ptr);
      if (!isObject(node) || typeof node.$ref !== 'string' || !node.$ref.startsWith('#')) break;
      ptr = node.$ref.slice(1);
    }
    ptr = ptr + pointer(seg);
  }
  return ptr;
}

/** `/paths/<path>/<method>`. */
export const operationPointer = (op: Pick<IROperation, 'method' | 'path'>): string =>
  pointer('paths', op.path, op.method.toLowerCase());

/** A member of the operation (e.g. `x-rate-limit`) when the operation has it, else the operation itself. */
export function memberPointer(doc: Node, op: Pick<IROperation, 'method' | 'path'>, key: string): string {
  const base = operationPointer(op);
  const node = nodeAt(doc, base);
  return isObject(node) && node[key] !== undefined ? base + pointer(key) : base;
}

/** `ptr/key` (through a `$ref` at `ptr`) when that member exists, else `ptr`. */
export function memberOf(doc: Node, ptr: string, key: string): string {
  const at = locate(doc, ptr, key);
  return nodeAt(doc, at) !== undefined ? at : ptr;
}

/** Where a parameter is listed: in the operation's list, or else in the path item's list. */
export function parameterPointer(
  doc: Node,
  op: Pick<IROperation, 'method' | 'path'>,
  param: Pick<IRParameter, 'name' | 'in'>,
): string {
  const opBase = operationPointer(op);
  for (const base of [opBase, pointer('paths', op.path)]) {
    const list = nodeAt(doc, base + '/parameters');
    if (!Array.isArray(list)) continue;
    for (let i = 0; i < list.length; i++) {
      const p = deref(doc, list[i]);
      if (p && p.name === param.name && p.in === param.in) return `${base}/parameters/${i}`;
    }
  }
  return opBase;
}

/** The schema of a parameter (inside a shared parameter when the listing is a `$ref`). */
export const parameterSchemaPointer = (doc: Node, paramPtr: string): string => locate(doc, paramPtr, 'schema');

/** The JSON schema of the request body. */
export const requestBodySchemaPointer = (doc: Node, op: Pick<IROperation, 'method' | 'path'>): string =>
  locate(doc, operationPointer(op), 'requestBody', 'content', 'application/json', 'schema');

/** A response of the operation. */
export const responsePointer = (doc: Node, op: Pick<IROperation, 'method' | 'path'>, status: string): string =>
  locate(doc, operationPointer(op), 'responses', status);

/** The JSON schema of a response. */
export const responseSchemaPointer = (doc: Node, op: Pick<IROperation, 'method' | 'path'>, status: string): string =>
  locate(doc, operationPointer(op), 'responses', status, 'content', 'application/json', 'schema');
