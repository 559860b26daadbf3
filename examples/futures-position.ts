// A futures position: set the leverage, open a long with a market order, read the position back.
// Sizes are decimal strings (contracts; see the contract's quanto_multiplier), ids are strings.
import { ExchangeClient } from '../generated/src/index.js';

export async function main(): Promise<void> {
  const client = new ExchangeClient({
    // The mock's URL and test key pair (see "The mock"), or your own; no base URL means the live server.
    baseUrl: process.env.EXCHANGE_V4_BASE_URL,
    key: process.env.EXCHANGE_V4_KEY,
    secret: process.env.EXCHANGE_V4_SECRET,
  });
  const settle = 'usdt';
  const contract = 'BTC_USDT';

  const before = await client.futures.updateContractPositionLeverage({
    settle,
    contract,
    leverage: '20',
    margin_mode: 'isolated',
  });
  console.log(`${contract} leverage ${before.lever} (${before.pos_margin_mode}), position ${before.size}`);

  // Price 0 with time in force ioc is a market order; `text` is our own label (t- and up to 28 bytes).
  const order = await client.futures.createFuturesOrder({
    settle,
    contract,
    size: '0.5',
    price: '0',
    tif: 'ioc',
    text: 't-desk-0001',
  });
  console.log(`order ${order.id} ${order.finish_as ?? order.status}: ${order.size} at ${order.fill_price}`);

  const position = await client.futures.getPosition({ settle, contract });
  console.log(
    `position ${position.size} ${contract} at ${position.entry_price}, margin ${position.margin}, liquidation ${position.liq_price}`,
  );
}
