/** Reads the API-wide parts of the IR: release, servers, signing, header names, error labels, removed operations. */
import { isObject, pointer } from '../../spec/lint/support/json.js';
import { readExtension, readRequired, type Report } from './extensions.js';
import { deref, type Node } from './resolve.js';
import type { IR, IRRemovedOperation, IRRequestHeaders, IRResponseHeaders, IRServer, IRSigning } from './types.js';

type RootReport = (ptr: string, message: string) => void;

/** A report for the extensions of the node at `base` (a pointer from the root). */
const below =
  (report: RootReport, ...base: Array<string | number>): Report =>
  (rel, message) =>
    report(pointer(...base) + rel, message);

function servers(doc: Node, report: RootReport): IRServer[] {
  const list = Array.isArray(doc.servers) ? doc.servers : [];
  return list.flatMap((raw, i) => {
    const name = isObject(raw) ? readRequired<string>(raw, 'x-server-name', below(report, 'servers', i)) : undefined;
    if (!isObject(raw) || typeof raw.url !== 'string' || name === undefined) {
      if (!isObject(raw) || typeof raw.url !== 'string') report(pointer('servers', i), 'server needs url');
      return [];
    }
    const vars = isObject(raw.variables) ? raw.variables : {};
    const url = raw.url.replace(/\{(\w+)\}/g, (_m, key: string) => {
      const def = isObject(vars[key]) ? vars[key].default : undefined;
      return typeof def === 'string' ? def : `{${key}}`;
    });
    return [{ name, description: typeof raw.description === 'string' ? raw.description : '', url }];
  });
}

type SigningValue = Omit<IRSigning, 'algorithm' | 'timestampUnit'> & { timestampUnit: 's' };

function signing(doc: Node, report: RootReport): IRSigning {
  const schemes =
    isObject(doc.components) && isObject(doc.components.securitySchemes) ? doc.components.securitySchemes : {};
  const scheme = deref(doc, schemes.apiv4) ?? {};
  const s = readRequired<SigningValue>(scheme, 'x-signing', below(report, 'components', 'securitySchemes', 'apiv4'));
  if (!s) return {} as IRSigning;
  return {
    algorithm: 'HMAC-SHA512',
    headers: { key: s.headers.key, timestamp: s.headers.timestamp, signature: s.headers.signature },
    payload: [...s.payload],
    separator: s.separator,
    pathIncludesPrefix: s.pathIncludesPrefix,
    timestampUnit: s.timestampUnit,
    maxSkewSeconds: s.maxSkewSeconds,
    emptyBodySha512: s.emptyBodySha512,
    clockEndpoint: s.clockEndpoint,
  };
}

function errors(doc: Node, report: RootReport): IR['errors'] {
  const schemas = isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {};
  const label = deref(doc, schemas.ErrorLabel) ?? {};
  const known = new Set<string>();
  for (const part of Array.isArray(label.anyOf) ? label.anyOf : [])
    if (isObject(part) && Array.isArray(part.enum)) for (const v of part.enum) if (typeof v === 'string') known.add(v);
  const at = below(report, 'components', 'schemas', 'ErrorLabel');
  const rawGroups = readExtension<Record<string, string[]>>(label, 'x-label-groups', at) ?? {};
  const groups: Record<string, string[]> = {};
  for (const name of Object.keys(rawGroups).sort()) groups[name] = [...(rawGroups[name] ?? [])];
  return {
    labels: [...known].sort(),
    groups,
    transient: [...(readExtension<string[]>(label, 'x-transient-labels', at) ?? [])],
    duplicate: [...(readExtension<string[]>(label, 'x-duplicate-labels', at) ?? [])],
  };
}

function removed(doc: Node, report: RootReport): IRRemovedOperation[] {
  const list = readExtension<IRRemovedOperation[]>(doc, 'x-removed-operations', below(report)) ?? [];
  return list
    .map((raw) => {
      const e: IRRemovedOperation = {
        method: raw.method,
        path: raw.path,
        status: raw.status,
        replacedBy: [...raw.replacedBy],
      };
      if (raw.operationId !== undefined) e.operationId = raw.operationId;
      if (raw.removedIn !== undefined) e.removedIn = raw.removedIn;
      if (raw.note !== undefined) e.note = raw.note;
      return e;
    })
    .sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

/** The API-wide IR fields. */
export function readApi(doc: Node, report: RootReport): Omit<IR, 'irVersion' | 'operations' | 'schemas'> {
  const info = isObject(doc.info) ? doc.info : {};
  const release = typeof info.version === 'string' ? info.version : '';
  if (!/^v4\.\d+\.\d+$/.test(release))
    report(
      pointer('info', 'version'),
      `info.version must be the API release label v4.<minor>.<patch>, got ${JSON.stringify(release)}`,
    );
  const prefix = readRequired<string>(doc, 'x-path-prefix', below(report)) ?? '';
  return {
    api: {
      title: typeof info.title === 'string' ? info.title : '',
      release,
      pathPrefix: prefix,
      servers: servers(doc, report),
      areas: (Array.isArray(doc.tags) ? doc.tags : []).flatMap((t) =>
        isObject(t) && typeof t.name === 'string'
          ? [{ name: t.name, description: typeof t.description === 'string' ? t.description : '' }]
          : [],
      ),
    },
    signing: signing(doc, report),
    headers: {
      response: readRequired<IRResponseHeaders>(doc, 'x-response-headers', below(report)) ?? ({} as IRResponseHeaders),
      request: readRequired<IRRequestHeaders>(doc, 'x-request-headers', below(report)) ?? ({} as IRRequestHeaders),
    },
    errors: errors(doc, report),
    removed: removed(doc, report),
  };
}
