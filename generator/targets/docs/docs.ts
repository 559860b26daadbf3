/** `docs/operations.md` from the handlebars template: all decisions are made here, the template only prints. */
import Handlebars from 'handlebars';
import type { IR } from '../../ir/types.js';
import { BANNER_LINES, areaProperty } from '../../emit-kit/naming.js';
import { areaPage } from './reference.js';

const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

/** Renders the operations reference. */
export function operationsDoc(ir: IR, template: string, areaDocs: Readonly<Record<string, string>>): string {
  const areas = [...new Set(ir.operations.map((o) => o.area))].sort();
  const view = {
    banner: BANNER_LINES.join(' '),
    release: ir.api.release,
    pathPrefix: ir.api.pathPrefix,
    operationCount: ir.operations.length,
    shapedCount: ir.operations.filter((o) => o.shape === 'shaped').length,
    namedOnlyCount: ir.operations.filter((o) => o.shape === 'named-only').length,
    areas: areas.map((area) => ({
      title: area,
      page: areaPage(area),
      description: cell(areaDocs[area] ?? ''),
      property: areaProperty(area),
      operations: ir.operations
        .filter((o) => o.area === area)
        .sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`))
        .map((o) => ({
          method: o.method,
          path: o.path,
          id: o.id,
          link: `${areaPage(area)}#${o.id.toLowerCase()}`,
          summary:
            cell(o.summary) +
            (o.shape === 'named-only' ? ' (shape not given)' : '') +
            (o.deprecated ? ' (deprecated)' : ''),
          permission: o.permission ? `${o.permission.area}:${o.permission.access}` : 'public',
          rateLimit: `${o.rateLimit.requests}/${o.rateLimit.window}s ${o.rateLimit.scope}${o.rateLimit.bucket !== o.id ? ` (\`${o.rateLimit.bucket}\`)` : ''}`,
          pagination: o.pagination
            ? `${o.pagination.style}, ≤ ${o.pagination.maxLimit}${o.timeRange ? `, ≤ ${o.timeRange.maxDays} days` : ''}`
            : '',
        })),
    })),
    removed: ir.removed.map((r) => ({
      method: r.method,
      path: r.path,
      status: r.status,
      replacedBy: cell(r.replacedBy.map((x) => `\`${x}\``).join(', ') || r.note || ''),
    })),
  };
  return Handlebars.compile(template, { noEscape: true, strict: true })(view);
}
