/**
 * Type tests of the named models (checked by `npm run typecheck`; nothing here runs): a consumer
 * names `WithdrawalRecord`, `SubAccount`, `SpotOrder` and `FuturesOrder` in its own signatures,
 * and the operations' params, results and list items are those very types, not structural copies.
 * The `server` option takes the spec's server names only.
 */
import type {
  ClientOptions,
  CreateFuturesOrderResponse,
  CreateOrderResponse,
  ExchangeClient,
  FuturesOrder,
  GetSubAccountResponse,
  ListWithdrawalsItem,
  ListWithdrawalsResponse,
  ServerName,
  SpotOrder,
  SubAccount,
  TransferParams,
  TransferRequest,
  WithdrawalRecord,
} from '../../generated/src/index.js';

declare const client: ExchangeClient;

/** `true` only when `A` and `B` are the same type. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Compiles only for `true`. */
const equal = <T extends true>(value: T): T => value;

equal<Equal<ListWithdrawalsItem, WithdrawalRecord>>(true);
equal<Equal<ListWithdrawalsResponse, WithdrawalRecord[]>>(true);
equal<Equal<GetSubAccountResponse, SubAccount>>(true);
equal<Equal<CreateOrderResponse, SpotOrder>>(true);
equal<Equal<CreateFuturesOrderResponse, FuturesOrder>>(true);
equal<Equal<TransferParams, TransferRequest>>(true);
equal<Equal<NonNullable<ClientOptions['server']>, ServerName>>(true);
// ...and the check tells types apart.
// @ts-expect-error a withdrawal record is not a sub-account
equal<Equal<WithdrawalRecord, SubAccount>>(true);

/** A consumer's own functions, written with the package's model names. */
export function describeWithdrawal(record: WithdrawalRecord): string {
  return `${record.id ?? '?'} ${record.amount ?? '?'} ${record.currency ?? '?'} ${record.status ?? '?'}`;
}

export function openOrders(orders: readonly SpotOrder[]): SpotOrder[] {
  return orders.filter((order) => order.status === 'open');
}

export function contractsOf(orders: readonly FuturesOrder[]): string[] {
  return orders.map((order) => order.contract ?? '');
}

export async function subAccountNames(ids: readonly string[]): Promise<string[]> {
  const accounts: SubAccount[] = await Promise.all(ids.map((user_id) => client.subAccounts.getSubAccount({ user_id })));
  return accounts.map((account) => account.login_name ?? '');
}

export async function recentWithdrawals(): Promise<string[]> {
  const records: WithdrawalRecord[] = await client.wallet.listWithdrawals({ currency: 'USDT', limit: 10 });
  return records.map(describeWithdrawal);
}

export const servers: ClientOptions[] = [
  { server: 'live' },
  { server: 'testnet' },
  { server: 'futures' },
  // @ts-expect-error `sandbox` is not one of the spec's servers
  { server: 'sandbox' },
];
