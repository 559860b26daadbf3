/**
 * The generated client pointed at a running mock, signing with the mock's test key pair and with
 * clock sync off (tests drive the mock's clock themselves); `options` go on top. And the one
 * transfer the scenario tests repeat: 1 USDT from spot to the BTC_USDT margin account.
 */
import { ExchangeClient } from '../../generated/src/index.js';
import type { ClientOptions } from '../../generated/src/index.js';
import { MOCK_KEY, MOCK_SECRET } from '../../mock/index.js';

/** A client of the mock at `url` (its base URL with the prefix), with `options` on top. */
export function mockClient(url: string, options: ClientOptions = {}): ExchangeClient {
  return new ExchangeClient({ key: MOCK_KEY, secret: MOCK_SECRET, baseUrl: url, clockSync: 'off', ...options });
}

/** `wallet.transfer` params: 1 USDT from spot to the BTC_USDT margin account. */
export const SPOT_TO_MARGIN = {
  currency: 'USDT',
  from: 'spot',
  to: 'margin',
  currency_pair: 'BTC_USDT',
  amount: '1',
} as const;
