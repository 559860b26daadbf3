/** Builds a client core for tests: test credentials, no clock sync, a private limiter. */
import { ClientCore } from '../../../generator/targets/typescript/runtime/client-core.js';
import type { ClientOptions } from '../../../generator/targets/typescript/runtime/options.js';
import { RateLimiter } from '../../../generator/targets/typescript/runtime/rate-limit.js';
import { TEST_KEY, TEST_SECRET } from './exchange.js';
import { apiMeta } from './meta.js';

/** A client against `baseUrl` (or a fake fetch) with its own limiter; options override the defaults. */
export function testCore(options: ClientOptions = {}): ClientCore {
  return new ClientCore(
    {
      key: TEST_KEY,
      secret: TEST_SECRET,
      baseUrl: 'http://127.0.0.1:9/api/v4',
      clockSync: 'off',
      limiter: new RateLimiter({ mode: 'wait' }),
      ...options,
    },
    apiMeta,
  );
}
