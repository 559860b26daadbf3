/**
 * Type tests of the generated client, checked by `npm run typecheck` (tsc): every
 * `@ts-expect-error` line must be an error, or the check fails. Nothing here runs.
 */
import {
  cancelBatchFutureOrders,
  type ExchangeClient,
  listWithdrawals,
  type UntypedJson,
  WalletApi,
  type ErrorLabel,
  type KnownErrorLabel,
  type ListWithdrawalsItem,
  type OperationId,
} from '../../generated/src/index.js';

declare const client: ExchangeClient;

export async function requiredParameters(): Promise<void> {
  // @ts-expect-error `currency` is required
  await client.wallet.getDepositAddress({});
  // @ts-expect-error params are required when a field is
  await client.wallet.getDepositAddress();
  await client.wallet.getDepositAddress({ currency: 'USDT' });
  // @ts-expect-error `amount` is required in the transfer body
  await client.wallet.transfer({ currency: 'BTC', from: 'spot', to: 'margin', currency_pair: 'BTC_USDT' });
  // @ts-expect-error path parameter `user_id` is required
  await client.subAccounts.getSubAccount({});
}

export async function enumValues(): Promise<void> {
  // @ts-expect-error `MAIN` is not an asset class
  await client.wallet.listWithdrawals({ asset_class: 'MAIN' });
  await client.wallet.listWithdrawals({ asset_class: 'PILOT' });
  // @ts-expect-error `savings` is not an account
  await client.wallet.transfer({ currency: 'BTC', from: 'savings', to: 'spot', amount: '1' });
  // @ts-expect-error direction is `to` or `from`
  await client.wallet.transferWithSubAccount({ sub_account: '10002', currency: 'USDT', amount: '1', direction: 'in' });
}

export async function unknownFields(): Promise<void> {
  // @ts-expect-error misspelt query parameter
  await client.wallet.listWithdrawals({ currncy: 'BTC' });
  await client.wallet.transfer({
    currency: 'BTC',
    from: 'spot',
    to: 'futures',
    settle: 'usdt',
    amount: '1',
    // @ts-expect-error unknown body field
    memo: 'x',
  });
  // @ts-expect-error operations without parameters take none
  await client.wallet.getLowCapExchangeList({ currency: 'BTC' });
}

export async function amountsAndInt64(): Promise<void> {
  // @ts-expect-error amounts are decimal strings, never numbers
  await client.wallet.transfer({ currency: 'BTC', from: 'spot', to: 'futures', settle: 'usdt', amount: 0.5 });
  // int64 request values: number, decimal string or bigint
  await client.subAccounts.getSubAccount({ user_id: 10001 });
  await client.subAccounts.getSubAccount({ user_id: '9223372036854775807' });
  await client.subAccounts.getSubAccount({ user_id: 9223372036854775807n });
  // int64 response values are strings (never rounded)
  const subs = await client.subAccounts.listSubAccounts();
  const uid: string | undefined = subs[0]?.user_id;
  // @ts-expect-error int64 values are not numbers in responses
  const asNumber: number | undefined = subs[0]?.user_id;
  const { tx_id } = await client.wallet.transfer({
    currency: 'USDT',
    from: 'spot',
    to: 'margin',
    currency_pair: 'BTC_USDT',
    amount: '10',
  });
  const txId: string | undefined = tx_id;
  void [uid, asNumber, txId];
}

export async function pagesAndResponses(): Promise<void> {
  // awaiting gives one page; iterating gives items across pages
  const page = await client.wallet.listWithdrawals({ currency: 'BTC', limit: 100 });
  const first: ListWithdrawalsItem | undefined = page[0];
  for await (const record of client.wallet.listWithdrawals({ from: 1_700_000_000, to: 1_707_776_000 })) {
    const status: string | undefined = record.status;
    void status;
  }
  const { data, response } = await client.wallet.listWithdrawals().withResponse();
  const traceId: string | undefined = response.traceId;
  // the standalone function is the same operation, tree-shakable
  const again = await listWithdrawals(client, { currency: 'ETH' });
  // @ts-expect-error a 204 operation has no data
  const nothing: string = await client.subAccounts.lockSubAccount({ user_id: 10002 });
  void [first, data, traceId, again, nothing];
}

export async function listBodies(): Promise<void> {
  // a JSON list body is the params' typed `body`, next to the path parameters
  const results = await client.futures.cancelBatchFutureOrders({ settle: 'usdt', body: ['1', '2'] });
  const succeeded: boolean | undefined = results[0]?.succeeded;
  await client.futures.createBatchFuturesOrder({
    settle: 'usdt',
    body: [{ contract: 'BTC_USDT', size: '1', price: '0' }],
  });
  // @ts-expect-error a shaped operation has no open `query`
  await client.futures.cancelBatchFutureOrders({ settle: 'usdt', query: { ids: ['1', '2'] }, body: ['1'] });
  // @ts-expect-error path parameter `settle` is required
  await client.futures.createBatchFuturesOrder({ body: [] });
  // @ts-expect-error the list body is required
  await client.futures.cancelBatchFutureOrders({ settle: 'usdt' });
  void succeeded;
}

export function labelsAndIds(): void {
  const known: KnownErrorLabel = 'REQUEST_EXPIRED';
  const open: ErrorLabel = 'A_LABEL_FROM_TOMORROW';
  // @ts-expect-error not a documented label
  const wrong: KnownErrorLabel = 'NOT_A_LABEL';
  const id: OperationId = 'listWithdrawals';
  // @ts-expect-error not an operation
  const missing: OperationId = 'listEverything';
  void [known, open, wrong, id, missing];
}

export async function openResponseEnums(): Promise<void> {
  const [w] = await client.wallet.listWithdrawals({});
  // Response enums are open: a status the spec does not know yet still compiles (TS2367 otherwise).
  if (w?.status === 'A_STATUS_ADDED_LATER') void w;
  // Request enums stay closed (see enumValues above); the known response values still narrow.
  if (w?.status === 'DONE') void w.block_number;
}

export async function untypedResults(): Promise<void> {
  interface Fee {
    maker_fee: string;
  }
  // raw requests: untyped JSON by default (integers are strings), or the type named
  const raw = await client.request({ method: 'GET', path: '/spot/fee' });
  const rawJson: UntypedJson = raw;
  // @ts-expect-error untyped JSON is not a record of strings without a check
  const asRecord: Record<string, string> = raw;
  const rawTyped = await client.request<Fee>({ method: 'GET', path: '/spot/fee' });
  const makerFee: string = rawTyped.maker_fee;
  // @ts-expect-error the named type is the result's type
  const rawNumber: number = rawTyped.maker_fee;
  // @ts-expect-error typed operations take no type parameter
  await client.wallet.getTradeFee<Fee>();
  // @ts-expect-error the batch endpoints are typed too: no type parameter
  await cancelBatchFutureOrders<Fee[]>(client, { settle: 'usdt', body: ['1'] });
  void [rawJson, asRecord, makerFee, rawNumber];
}

export function groupClassesOneByOne(core: ExchangeClient): void {
  // a group class on its own, over any client
  const wallet = new WalletApi(core);
  void wallet.listWithdrawals({ currency: 'BTC' });
}

export async function outcomes(error: unknown): Promise<void> {
  const outcome = await client.resolveOutcome<{ id?: string }>(error);
  // @ts-expect-error there is no boolean `applied`: the answer has three states
  void outcome.applied;
  if (outcome.status === 'applied') void outcome.data.id;
  // @ts-expect-error only an applied outcome has data
  else void outcome.data;
  if (outcome.status === 'not-applied') {
    const resend: 'safe' = outcome.resend;
    // @ts-expect-error "not applied" never comes from a lookup, so it never asks for the same id
    if (outcome.resend === 'same-id') void resend;
  }
  if (outcome.status === 'unknown') {
    const wait: number | undefined = outcome.retryAfterMs;
    const resend: 'same-id' | 'never' = outcome.resend;
    // @ts-expect-error an unknown outcome is never safe to send again as a new write
    if (outcome.resend === 'safe') void resend;
    const id: string | undefined = outcome.idempotency?.value;
    void [wait, id];
  }
}

export async function walletUnifiedCrossexShapes(): Promise<void> {
  const fee = await client.wallet.getTradeFee({ currency_pair: 'BTC_USDT', settle: 'USDT' });
  const futuresTaker: string | undefined = fee.futures_taker_fee;
  // @ts-expect-error `settle` takes the upper-case settlement currencies only
  await client.wallet.getTradeFee({ settle: 'usdt' });
  const total = await client.wallet.getTotalBalance({ currency: 'BTC' });
  const spotValue: string | undefined = total.details?.['spot']?.amount;
  // @ts-expect-error `currency` is one of BTC, CNY, USD, USDT
  await client.wallet.getTotalBalance({ currency: 'EUR' });
  const [saved] = await client.wallet.listSavedAddress({ currency: 'USDT', verified: '1', limit: 100 });
  const address: string | undefined = saved?.address;
  // @ts-expect-error `limit` is an integer
  await client.wallet.listSavedAddress({ limit: '50' });
  const [setting] = await client.unified.getUserLeverageCurrencySetting({ currency: 'BTC' });
  const leverage: string | undefined = setting?.leverage;
  const units = await client.unified.getUnifiedRiskUnits();
  const delta: string | undefined = units.risk_units?.[0]?.delta;
  const userId: string | undefined = units.user_id;
  const order = await client.crossex.createCrossexOrder({
    symbol: 'BINANCE_SPOT_BTC_USDT',
    side: 'BUY',
    qty: '0.001',
    price: '64900',
  });
  const orderId: string | undefined = order.order_id;
  // @ts-expect-error `side` is upper case
  await client.crossex.createCrossexOrder({ symbol: 'OKX_FUTURE_ADA_USDT', side: 'buy', qty: '1' });
  // @ts-expect-error `symbol` is required
  await client.crossex.createCrossexOrder({ side: 'SELL', qty: '1' });
  const [transfer] = await client.crossex.listCrossexTransfers({ coin: 'USDT', order_id: 'cx-transfer-0001' });
  const transferStatus: string | undefined = transfer?.status;
  // @ts-expect-error `from` is one of the account names, upper case
  await client.crossex.createCrossexTransfer({ coin: 'USDT', amount: '1', from: 'spot', to: 'CROSSEX' });
  const marginLeverage = await client.crossex.getCrossexMarginPositionsLeverage({
    symbols: ['BINANCE_MARGIN_SOL_USDT'],
  });
  const solLeverage: string | undefined = marginLeverage['BINANCE_MARGIN_SOL_USDT'];
  const coupons = await client.coupon.listUserCoupons({ expired: 1, limit: 20 });
  const couponStatus: string | undefined = coupons.data?.list?.[0]?.status;
  // @ts-expect-error `coupon_type` is required
  await client.coupon.getUserCouponDetail({ detail_id: 890 });
  const posts = await client.square.listSquareAiSearch({ keyword: 'BTC', time_range: 2 });
  // @ts-expect-error `sort` is `hot` or `new`
  await client.square.listLiveReplay({ sort: 'latest' });
  void [futuresTaker, spotValue, address, leverage, delta, userId, orderId];
  void [transferStatus, solLeverage, couponStatus, posts];
}
