/**
 * The `server` option takes the spec's server names (a type test, test/types/models.types.ts,
 * shows `server: 'sandbox'` does not compile); a name that slips past the types (plain
 * JavaScript, a cast, configuration read at run time) fails at construction, naming the option,
 * the value and the names it may take, before any I/O.
 */
import { describe, expect, it } from 'vitest';
import { ExchangeClient, ValidationError, apiMeta } from '../../generated/src/index.js';

describe('server names', () => {
  it.each(Object.keys(apiMeta.servers))('%s is accepted and picks its host', (server) => {
    const client = new ExchangeClient({ server: server as never });
    expect(client.baseUrl).toBe(apiMeta.servers[server]);
  });

  it('a name the spec does not give is a ValidationError naming the field, the value and the rule', () => {
    const attempt = (): ExchangeClient => new ExchangeClient({ server: 'sandbox' as never });
    expect(attempt).toThrow(ValidationError);
    expect(attempt).toThrow(/live, testnet, futures/);
    try {
      attempt();
    } catch (error) {
      expect(error).toMatchObject({ field: 'server', value: 'sandbox', rule: 'enum' });
    }
  });
});
