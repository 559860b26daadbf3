/** Reads the API-wide parts of the IR: release, servers, signing, header names, error labels, removed operations. */
import { pointer } from '../errors.js';
import { deref, isObject, type Node } from './resolve.js';
import type {
  HttpMethod,
  IR,
  IRRemovedOperation,
  IRRequestHeaders,
  IRResponseHeaders,
  IRServer,
  IRSigning,
  ResponseHeaderRole,
} from './types.js';

type RootReport = (ptr: string, message: string) => void;

const RESPONSE_ROLES: ReadonlyArray<ResponseHeaderRole> = [
  'traceId',
  'inTime',
  'outTime',
  'rateLimitRemaining',
  'rateLimitLimit',
  'rateLimitReset',
  'paginationLimit',
  'paginationOffset',
  'paginationTotal',
];
const REQUEST_ROLES: ReadonlyArray<keyof IRRequestHeaders> = ['clientRequestId', 'sizeDecimal', 'expiry'];

function headerNames<K extends string>(
  doc: Node,
  key: string,
  roles: readonly K[],
  report: RootReport,
): Record<K, string> {
  const v = doc[key];
  const out = {} as Record<K, string>;
  if (!isObject(v)) {
    report(pointer(key), `${key} must map header roles to names`);
    return out;
  }
  for (const role of roles) {
    const name = v[role];
    if (typeof name === 'string' && name.length > 0) out[role] = name;
    else report(pointer(key, role), `${key}.${role} must name a header`);
  }
  return out;
}

/** `x-response-headers.aliases`: role -> other header names (optional). */
function aliases(doc: Node, report: RootReport): IRResponseHeaders['aliases'] {
  const v = isObject(doc['x-response-headers']) ? doc['x-response-headers'].aliases : undefined;
  if (v === undefined) return undefined;
  const out: NonNullable<IRResponseHeaders['aliases']> = {};
  const ok =
    isObject(v) &&
    Object.entries(v).every(
      ([role, names]) =>
        (RESPONSE_ROLES as readonly string[]).includes(role) &&
        Array.isArray(names) &&
        names.every((n) => typeof n === 'string' && n.length > 0),
    );
  if (!ok) {
    report(pointer('x-response-headers', 'aliases'), 'aliases must map response header roles to lists of header names');
    return undefined;
  }
  for (const role of RESPONSE_ROLES) if (Array.isArray(v[role])) out[role] = [...(v[role] as string[])];
  return out;
}

function servers(doc: Node, report: RootReport): IRServer[] {
  const list = Array.isArray(doc.servers) ? doc.servers : [];
  return list.flatMap((raw, i) => {
    if (!isObject(raw) || typeof raw.url !== 'string' || typeof raw['x-server-name'] !== 'string') {
      report(pointer('servers', i), 'server needs url and x-server-name');
      return [];
    }
    const vars = isObject(raw.variables) ? raw.variables : {};
    const url = raw.url.replace(/\{(\w+)\}/g, (_m, name: string) => {
      const def = isObject(vars[name]) ? vars[name].default : undefined;
      return typeof def === 'string' ? def : `{${name}}`;
    });
    return [
      { name: raw['x-server-name'], description: typeof raw.description === 'string' ? raw.description : '', url },
    ];
  });
}

function signing(doc: Node, report: RootReport): IRSigning {
  const schemes =
    isObject(doc.components) && isObject(doc.components.securitySchemes) ? doc.components.securitySchemes : {};
  const scheme = deref(doc, schemes.apiv4);
  const s = scheme?.['x-signing'];
  if (!isObject(s) || !isObject(s.headers) || !Array.isArray(s.payload) || typeof s.maxSkewSeconds !== 'number') {
    report(
      pointer('components', 'securitySchemes', 'apiv4', 'x-signing'),
      'x-signing must give headers, payload and maxSkewSeconds',
    );
    return {} as IRSigning;
  }
  return {
    algorithm: 'HMAC-SHA512',
    headers: {
      key: String(s.headers.key),
      timestamp: String(s.headers.timestamp),
      signature: String(s.headers.signature),
    },
    payload: s.payload as IRSigning['payload'],
    separator: String(s.separator),
    pathIncludesPrefix: s.pathIncludesPrefix === true,
    timestampUnit: 's',
    maxSkewSeconds: s.maxSkewSeconds,
    emptyBodySha512: String(s.emptyBodySha512),
    clockEndpoint: String(s.clockEndpoint),
  };
}

function errors(doc: Node): IR['errors'] {
  const schemas = isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {};
  const label = deref(doc, schemas.ErrorLabel) ?? {};
  const known = new Set<string>();
  for (const part of Array.isArray(label.anyOf) ? label.anyOf : [])
    if (isObject(part) && Array.isArray(part.enum)) for (const v of part.enum) if (typeof v === 'string') known.add(v);
  const strings = (v: unknown): string[] =>
    Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  const groups: Record<string, string[]> = {};
  const rawGroups = isObject(label['x-label-groups']) ? label['x-label-groups'] : {};
  for (const name of Object.keys(rawGroups).sort()) groups[name] = strings(rawGroups[name]);
  return {
    labels: [...known].sort(),
    groups,
    transient: strings(label['x-transient-labels']),
    duplicate: strings(label['x-duplicate-labels']),
  };
}

function removed(doc: Node, report: RootReport): IRRemovedOperation[] {
  const list = doc['x-removed-operations'];
  if (list === undefined) return [];
  if (!Array.isArray(list)) {
    report(pointer('x-removed-operations'), 'x-removed-operations must be a list');
    return [];
  }
  return list
    .flatMap((raw, i) => {
      const ok =
        isObject(raw) &&
        typeof raw.method === 'string' &&
        typeof raw.path === 'string' &&
        ['removed', 'moved', 'deprecated'].includes(String(raw.status)) &&
        Array.isArray(raw.replacedBy);
      if (!ok) {
        report(
          pointer('x-removed-operations', i),
          'entry must be {method, path, status: removed|moved|deprecated, replacedBy: [...]}',
        );
        return [];
      }
      const e: IRRemovedOperation = {
        method: String(raw.method).toUpperCase() as HttpMethod,
        path: raw.path as string,
        status: raw.status as IRRemovedOperation['status'],
        replacedBy: (raw.replacedBy as unknown[]).map(String),
      };
      if (typeof raw.operationId === 'string') e.operationId = raw.operationId;
      if (typeof raw.removedIn === 'string') e.removedIn = raw.removedIn;
      if (typeof raw.note === 'string') e.note = raw.note;
      return [e];
    })
    .sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

function withAliases(
  names: Record<ResponseHeaderRole, string>,
  extra: IRResponseHeaders['aliases'],
): IRResponseHeaders {
  return extra === undefined ? names : { ...names, aliases: extra };
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
  const prefix = typeof doc['x-path-prefix'] === 'string' ? doc['x-path-prefix'] : '';
  if (!prefix.startsWith('/')) report(pointer('x-path-prefix'), 'x-path-prefix must be a path such as /api/v4');
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
      response: withAliases(headerNames(doc, 'x-response-headers', RESPONSE_ROLES, report), aliases(doc, report)),
      request: headerNames(doc, 'x-request-headers', REQUEST_ROLES, report),
    },
    errors: errors(doc),
    removed: removed(doc, report),
  };
}
