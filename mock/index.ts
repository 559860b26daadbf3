/**
 * The mock server's public entry point. See mock/README.md for the behaviour, the fixture format
 * and examples with curl and a plain signed fetch.
 */
export { startMock } from './server.js';
export type { MockOptions, MockServer, PaperExchangeConfig } from './server.js';
export { PaperExchange } from './exchange/exchange.js';
export type { LiquidityOrder, PaperExchangeOptions, PriceUpdate } from './exchange/exchange.js';
export { DEFAULT_SEED_FILE, SeedError, checkSeed, loadSeedFile } from './exchange/seed-file.js';
export type { Seed, SeedAccount, SeedContract, SeedLiquidity, SeedPair } from './exchange/seed-file.js';
export type { ExchangeState } from './exchange/types.js';
export { MOCK_KEY, MOCK_SECRET, MOCK_MAIN_UID } from './keys.js';
export type { MockClock } from './clock.js';
export type { FaultSpec, FaultMatch, FaultEffect, ChaosOptions, ArmedFault } from './faults.js';
export type { RequestRecord } from './request-log.js';
export type { Fixture, FixtureRequest, FixtureResponse } from './fixture-format.js';
export { FixtureError, parseFixtureFile } from './fixture-format.js';
export type { StoredFixture } from './fixture-store.js';
export { DEFAULT_FIXTURES_DIR, GENERATED_DIR } from './load-api.js';
export { FIRST_TX_ID, SEEDED_WITHDRAWALS } from './state/store.js';
export type { MockState } from './state/store.js';
export { answersFromExchange, answersFromState } from './state/handlers.js';
export type { PreflightRecord } from './cors.js';
