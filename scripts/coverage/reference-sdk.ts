/**
 * Reads the facts of the reference's operations and models out of the official Node.js SDK's
 * files (repository gate/gateapi-nodejs): for each operation its method, path, parameters (wire
 * name, where, required, type), body and answer types; for each model its fields (wire name,
 * type, required, read-only, enum values). Names and types only: no code and no prose is kept.
 * The SDK's files are uniform generator output, so plain patterns read them.
 */

/** One parameter of a reference operation. */
export interface ReferenceParam {
  /** The wire name (`last_id`, `x-gate-exptime`, `settle`). */
  readonly name: string;
  readonly in: 'path' | 'query' | 'header';
  readonly required: boolean;
  /** The SDK's type: `string`, `number`, `bigint`, `boolean`, or a union of string literals. */
  readonly type: string;
  /** The literal values when the type is a union of string literals. */
  readonly enum?: readonly string[];
}

/** One operation of the reference, by method and path. */
export interface ReferenceShape {
  readonly name: string;
  readonly method: string;
  readonly path: string;
  /** False for public operations (no signing). */
  readonly signed: boolean;
  readonly params: readonly ReferenceParam[];
  /** The body's type (`FuturesOrder`, `Array<string>`) and whether it is required. */
  readonly body?: { readonly type: string; readonly required: boolean };
  /** The answer's type, absent when the operation answers without a body. */
  readonly returns?: string;
}

/** One field of a reference model. */
interface ReferenceField {
  readonly type: string;
  readonly required: boolean;
  readonly readOnly: boolean;
  readonly enum?: readonly string[];
}

/** A reference model: its fields by wire name. */
export interface ReferenceModel {
  readonly fields: Readonly<Record<string, ReferenceField>>;
}

const METHOD_START = /^ {4}public async (\w+)\(/gm;

/** The operations of one `api/<group>Api.ts` file, in file order. */
export function parseApiFile(text: string): ReferenceShape[] {
  const starts = [...text.matchAll(METHOD_START)];
  return starts.map((start, i) => {
    const body = text.slice(start.index, starts[i + 1]?.index ?? text.length);
    return parseMethod(start[1] ?? '', body);
  });
}

function parseMethod(name: string, text: string): ReferenceShape {
  const signature = text.slice(0, text.indexOf('): Promise<'));
  const method = /method: '(\w+)'/.exec(text)?.[1];
  const path = /\+\s*'(\/[^']*)'/.exec(text)?.[1];
  if (method === undefined || path === undefined) throw new Error(`${name}: no method or path`);
  const types = signatureTypes(signature);
  const params: ReferenceParam[] = [];
  for (const m of text.matchAll(/'\{' \+ '(\w+)' \+ '\}'/g)) {
    params.push(param(m[1] ?? '', 'path', m[1] ?? '', types));
  }
  for (const m of text.matchAll(
    /(\w+)Serialized = ObjectSerializer\.serialize\(\s*(opts\.)?(\w+),\s*(?:'[^']*'|"[^"]*"),?\s*\);/g,
  )) {
    const wire = new RegExp(`localVarQueryParameters\\['([^']+)'\\] = ${m[1] ?? ''}Serialized`).exec(text)?.[1];
    if (wire !== undefined) params.push(param(wire, 'query', m[3] ?? '', types));
  }
  for (const m of text.matchAll(
    /localVarHeaderParams\['([^']+)'\] = ObjectSerializer\.serialize\(\s*(opts\.)?(\w+),/g,
  )) {
    params.push(param(m[1] ?? '', 'header', m[3] ?? '', types));
  }
  const data = /data: ObjectSerializer\.serialize\(\s*(opts\.)?(\w+),\s*'([^']+)',?\s*\)/.exec(text);
  const returns = /this\.client\.request<[^(]*\(\s*config,\s*'([^']+)'/.exec(text)?.[1];
  const signed = /authSettings = \[('apiv4')?\]/.exec(text)?.[1] !== undefined;
  return {
    name,
    method,
    path,
    signed,
    params,
    ...(data === null ? {} : { body: { type: data[3] ?? '', required: types.get(data[2] ?? '')?.required ?? false } }),
    ...(returns === undefined || returns === 'any' ? {} : { returns }),
  };
}

function param(
  wire: string,
  where: ReferenceParam['in'],
  local: string,
  types: Map<string, { type: string; required: boolean }>,
): ReferenceParam {
  const found = types.get(local) ?? { type: 'string', required: where === 'path' };
  const literals = [...found.type.matchAll(/'([^']*)'/g)].map((m) => m[1] ?? '');
  const numbers = /^\d+( \| \d+)+$/.test(found.type) ? found.type.split(' | ') : [];
  return {
    name: wire,
    in: where,
    required: where === 'path' || found.required,
    type: literals.length > 0 ? 'string' : numbers.length > 0 ? 'number' : found.type,
    ...(literals.length > 0 ? { enum: literals } : numbers.length > 0 ? { enum: numbers } : {}),
  };
}

/** `name: type` pairs of a method signature: positional ones are required, `opts` members are not. */
function signatureTypes(signature: string): Map<string, { type: string; required: boolean }> {
  const out = new Map<string, { type: string; required: boolean }>();
  const optsAt = signature.indexOf('opts?: {');
  const positional = optsAt < 0 ? signature : signature.slice(0, optsAt);
  const opts = optsAt < 0 ? '' : signature.slice(optsAt + 'opts?: {'.length, signature.lastIndexOf('}'));
  for (const m of positional.matchAll(/(\w+): ([^,]+?),?\s*(?=\w+\??: |$)/g)) {
    out.set(m[1] ?? '', { type: (m[2] ?? '').trim().replace(/,$/, ''), required: true });
  }
  for (const m of opts.matchAll(/(\w+)\?: ([^;]+)/g)) {
    out.set(m[1] ?? '', { type: (m[2] ?? '').trim(), required: false });
  }
  return out;
}

/**
 * The model of one `model/<name>.ts` file with the read-only fields its `docs/<Name>.md` marks, or
 * undefined when the file holds no model class (an enum, a type alias).
 */
export function parseModelFile(
  text: string,
  doc: string,
): { name: string; model: ReferenceModel } | { name: string; enum: string[] } | undefined {
  const cls = /^export class (\w+) \{/m.exec(text);
  if (cls === null) {
    const alone = /^export enum (\w+) \{([^}]*)\}/m.exec(text);
    if (alone === null) return undefined;
    return { name: alone[1] ?? '', enum: [...(alone[2] ?? '').matchAll(/<any>'([^']*)'/g)].map((v) => v[1] ?? '') };
  }
  const name = cls[1] ?? '';
  const enums = modelEnums(text);
  const readOnly = new Set([...doc.matchAll(/^\*\*(\w+)\*\* \|.*\[readonly\]/gm)].map((m) => m[1] ?? ''));
  const declared = new Map(
    [...text.matchAll(/^ {4}'(\w+)'(\?)?: /gm)].map((m) => [m[1] ?? '', m[2] === undefined] as const),
  );
  const fields: Record<string, ReferenceField> = {};
  for (const m of text.matchAll(/name: '(\w+)',\s*baseName: '([^']+)',\s*type: '([^']+)'/g)) {
    const local = m[1] ?? '';
    const type = m[3] ?? '';
    const values = enums.get(type.replace(`${name}.`, ''));
    fields[m[2] ?? ''] = {
      type: values === undefined ? type : values.every((v) => /^\d+$/.test(v)) ? 'number' : 'string',
      required: declared.get(local) ?? false,
      readOnly: readOnly.has(local),
      ...(values === undefined ? {} : { enum: values }),
    };
  }
  return { name, model: { fields } };
}

function modelEnums(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const m of text.matchAll(/export enum (\w+) \{([^}]*)\}/g)) {
    out.set(
      m[1] ?? '',
      [...(m[2] ?? '').matchAll(/<any>(?:'([^']*)'|(\d+))/g)].map((v) => v[1] ?? v[2] ?? ''),
    );
  }
  return out;
}
