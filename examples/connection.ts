// Where the examples connect: the local mock by default (`npm start` runs one), or any server
// given by EXCHANGE_BASE_URL with EXCHANGE_KEY / EXCHANGE_SECRET.
import { MOCK_KEY, MOCK_SECRET } from '../mock/keys.js';

/** Client options from the environment, defaulting to the mock's test key pair. */
export function connection(): { baseUrl: string; key: string; secret: string } {
  const baseUrl = process.env.EXCHANGE_BASE_URL;
  if (!baseUrl) throw new Error('set EXCHANGE_BASE_URL (npm start sets it to the local mock)');
  return { baseUrl, key: process.env.EXCHANGE_KEY ?? MOCK_KEY, secret: process.env.EXCHANGE_SECRET ?? MOCK_SECRET };
}
