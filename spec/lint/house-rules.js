// @ts-check
/**
 * The house lint rules for spec/openapi.yaml, as a Redocly plugin (`house/<rule>`). Loaded by
 * redocly.yaml; each rule lives in ./rules/ and enforces a convention of spec/README.md.
 */
import ArrayQuerySerialization from './rules/array-query-serialization.js';
import DecimalAmounts from './rules/decimal-amounts.js';
import Int64Ids from './rules/int64-ids.js';
import OperationErrorResponses from './rules/operation-error-responses.js';
import OperationIdCamelCase from './rules/operation-id-camel-case.js';
import OperationXExtensionsShape from './rules/operation-x-extensions-shape.js';
import PrivateOperationPermission from './rules/private-operation-permission.js';
import PrivateOperationRateLimit from './rules/private-operation-rate-limit.js';
import RootXExtensionsShape from './rules/root-x-extensions-shape.js';

/**
 * Plugin entry point Redocly calls when it loads the plugin.
 * @returns {{ id: string, rules: { oas3: Record<string, Function> } }}
 */
export default function housePlugin() {
  return {
    id: 'house',
    rules: {
      oas3: {
        'private-operation-rate-limit': PrivateOperationRateLimit,
        'private-operation-permission': PrivateOperationPermission,
        'operation-x-extensions-shape': OperationXExtensionsShape,
        'decimal-amounts': DecimalAmounts,
        'operation-id-camel-case': OperationIdCamelCase,
        'array-query-serialization': ArrayQuerySerialization,
        'int64-ids': Int64Ids,
        'operation-error-responses': OperationErrorResponses,
        'root-x-extensions-shape': RootXExtensionsShape,
      },
    },
  };
}
