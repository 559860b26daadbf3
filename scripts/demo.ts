/**
 * `npm run demo` (and the second half of `npm start`): starts the mock on 127.0.0.1 and runs every
 * README example against it with the mock's test key pair. No account, no key, no network.
 */
import { DEFAULT_FIXTURES_DIR, MOCK_KEY, MOCK_SECRET, startMock } from '../mock/index.js';
import { EXAMPLES } from '../examples/index.js';

const mock = await startMock({ fixturesDir: DEFAULT_FIXTURES_DIR });
process.env.EXCHANGE_V4_BASE_URL = mock.url;
process.env.EXCHANGE_V4_KEY = MOCK_KEY;
process.env.EXCHANGE_V4_SECRET = MOCK_SECRET;
console.log(`mock listening at ${mock.url}\n`);
let failed = 0;
try {
  for (const example of EXAMPLES) {
    console.log(`--- ${example.title} (examples/${example.file})`);
    try {
      example.prepare?.(mock);
      await example.main();
    } catch (error) {
      failed += 1;
      console.error(`example failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    console.log('');
  }
} finally {
  await mock.close();
}
console.log(failed === 0 ? `all ${EXAMPLES.length} examples ran against the mock` : `${failed} example(s) failed`);
process.exit(failed === 0 ? 0 : 1);
