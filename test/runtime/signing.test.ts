import { describe, expect, it } from 'vitest';
import {
  bodySha512,
  createSigner,
  EMPTY_BODY_SHA512,
  loadCryptoBackend,
  signatureString,
} from '../../templates/typescript/runtime/signing.js';
import { createSignerMiddleware } from '../../templates/typescript/runtime/transport.js';

/**
 * Known-answer vectors computed outside the project with OpenSSL 3.0 (secret below):
 *
 *   bh=$(printf '%s' "$BODY" | openssl dgst -sha512 -r | cut -d' ' -f1)
 *   printf '%s\n%s\n%s\n%s\n%s' "$METHOD" "$PATH" "$QUERY" "$bh" "$TS" \
 *     | openssl dgst -sha512 -hmac 'fake-secret-0123456789abcdef' -r | cut -d' ' -f1
 */
const SECRET = 'fake-secret-0123456789abcdef';
const EMPTY = EMPTY_BODY_SHA512;

interface Given {
  method: string;
  path: string;
  query: string;
  body: string;
  timestamp: number;
}

const vectors: Array<{ name: string; given: Given; want: { bodyHash: string; sign: string } }> = [
  {
    name: 'no query, no body',
    given: { method: 'GET', path: '/api/v4/wallet/deposits', query: '', body: '', timestamp: 1700000000 },
    want: {
      bodyHash: EMPTY,
      sign: 'b76fb7cfa7ac870836cd1bb80a3a7ae9e83734a5e1ab1cd765ff0a08c8c1d3f6c03b8af19b68d10c09b9030bf5d0acdd91b7821fa9bf16bf4476b3425b8466bc',
    },
  },
  {
    name: 'comma list (literal commas)',
    given: {
      method: 'GET',
      path: '/api/v4/unified/batch_borrowable',
      query: 'currencies=BTC,GT,USDT',
      body: '',
      timestamp: 1700000001,
    },
    want: {
      bodyHash: EMPTY,
      sign: '6dfae2e8ebff0702431c98579d87a87b3524b07366715e31524ee6b03bfb48f38e5b7a645b842ee4170499a1e67c8beb54815f41e6339c52fc97d5c0f2548af5',
    },
  },
  {
    name: 'space',
    given: {
      method: 'GET',
      path: '/api/v4/wallet/withdrawals',
      query: 'currency=USDT&withdraw_order_id=a%20b',
      body: '',
      timestamp: 1700000002,
    },
    want: {
      bodyHash: EMPTY,
      sign: 'ddd7f04095cf8e5dba82c1e3a68da4609c5beb65967a2cafa811c9b2b096e16655cf0fa5e4906e429f1ebd6b88c1b0b7b04507700e31a0321ea4b3f5e4044ce4',
    },
  },
  {
    name: '& and = inside a value',
    given: {
      method: 'GET',
      path: '/api/v4/wallet/withdrawals',
      query: 'withdraw_order_id=a%26b%3Dc',
      body: '',
      timestamp: 1700000003,
    },
    want: {
      bodyHash: EMPTY,
      sign: '2719fc82d1a50db1b70e70252df46172da5fb088afd582d9cc2a04f5084458ab5957980f9cf8ca2ad6c178279dde58624c07759eec9d785ec234a515181c0d1e',
    },
  },
  {
    name: '+',
    given: {
      method: 'GET',
      path: '/api/v4/wallet/withdrawals',
      query: 'withdraw_order_id=a%2Bb',
      body: '',
      timestamp: 1700000004,
    },
    want: {
      bodyHash: EMPTY,
      sign: 'c1cdf5a61650c37d1fc1c30aa61242cf63d932c1e37cddf7c1334f3fb5546cf4f0454237e60f5f3677e12a7f6fb73f489342b26efc67c66907ca2bf28b47f793',
    },
  },
  {
    name: '%',
    given: {
      method: 'GET',
      path: '/api/v4/wallet/withdrawals',
      query: 'withdraw_order_id=100%25',
      body: '',
      timestamp: 1700000005,
    },
    want: {
      bodyHash: EMPTY,
      sign: 'ca96a12655f71b375ec71bdc77cd201f16c160bbcd0c952e06d0c003d6d0766816b518a41fdc9413accc09ae074d377a5c7b5acaa13d4ec08fcfdd84ebd43b47',
    },
  },
  {
    name: 'unicode in the query',
    given: {
      method: 'GET',
      path: '/api/v4/wallet/withdrawals',
      query: 'withdraw_order_id=%E2%82%AC%E6%97%A5',
      body: '',
      timestamp: 1700000006,
    },
    want: {
      bodyHash: EMPTY,
      sign: 'eee13199c72b9be6059eb06d715388cbba7b7f8813e07cbff492351e0a4f0811945779a00dda07c6ffd53ee62c735bdda3735b7645f2701001f794339454fd7a',
    },
  },
  {
    name: 'empty values',
    given: {
      method: 'GET',
      path: '/api/v4/wallet/withdrawals',
      query: 'currency=&withdraw_order_id=',
      body: '',
      timestamp: 1700000007,
    },
    want: {
      bodyHash: EMPTY,
      sign: '2d05ce1a393b4cde9675b5fccca4191a5e79b4d2db29a6f2b8bb1eb66d90c8f101a195fcb76309a1aa5c3160c72ad87c880de8ba8f0ef6803ba96ead295f4745',
    },
  },
  {
    name: "RFC 3986 reserved !'()*",
    given: {
      method: 'GET',
      path: '/api/v4/wallet/withdrawals',
      query: 'withdraw_order_id=%21%27%28%29%2A',
      body: '',
      timestamp: 1700000011,
    },
    want: {
      bodyHash: EMPTY,
      sign: '2fa762c3a5adbbc6705ec14b15335bc51699a81d0e37958eb660aa840f8104c4680984e844c5b1d4e8236acc5345ffd48860588ce1e38d1e1264fff3d2b02782',
    },
  },
  {
    name: 'POST with an empty body',
    given: { method: 'POST', path: '/api/v4/sub_accounts/10001/lock', query: '', body: '', timestamp: 1700000008 },
    want: {
      bodyHash: EMPTY,
      sign: '029ba08ad7986d3999c60270b5c9c5da96b5c297a45d2b351fe5bedb340187a34bbae58e0087bdb54cb54394adc6320959161d7cf53aa64a32c318374a6704d0',
    },
  },
  {
    name: 'JSON body',
    given: {
      method: 'POST',
      path: '/api/v4/wallet/transfers',
      query: '',
      body: '{"currency":"USDT","from":"spot","to":"margin","amount":"1.5","currency_pair":"BTC_USDT"}',
      timestamp: 1700000009,
    },
    want: {
      bodyHash:
        '7ca7fa53699dd436cfe92ad815d586564ab77b08ca78cf0207f0f4c3ff00869eb902c8804afda10f16101ddc7eefc7ab8cb6c2bea66afb6ac2a6ade727d37dfd',
      sign: '0e50b63b419a5de754c35379341bef1ab95b55c546167471f0dae5edc109a39455990be3f4db5787fc0c370fb352b4fa2030ccb75e89d460decbaf3e9750a824',
    },
  },
  {
    name: 'unicode body',
    given: {
      method: 'POST',
      path: '/api/v4/unified/loans',
      query: '',
      body: '{"currency":"BTC","type":"borrow","amount":"0.1","text":"日本€"}',
      timestamp: 1700000010,
    },
    want: {
      bodyHash:
        '4084e15906be7788ee316a263051f164332f35f3d2c76524db29799450a4fb2b0a14e1fd997c94e3f00eafb479e73808afac01a79a039edfbe42fd497a6cee32',
      sign: '1666c6ebc1f49ecb0d31d8ffddf958edb9a5c5458849214f3d6b6ef60e201be7a6a6e427e74d05cd2ddc82e36d72dc335fec650e5f750629eae4f95742e19104',
    },
  },
];

describe.each(['node', 'web', 'auto'] as const)('signing with the %s backend', (prefer) => {
  const backend = loadCryptoBackend(prefer);

  it.each(vectors)('body hash: $name', async ({ given, want }) => {
    expect(await bodySha512(given.body, backend)).toBe(want.bodyHash);
    expect(await bodySha512(new TextEncoder().encode(given.body), backend)).toBe(want.bodyHash);
  });

  it.each(vectors)('signature: $name', async ({ given, want }) => {
    const signer = createSigner(SECRET, backend);
    expect(await signer.sign(given)).toBe(want.sign);
  });

  it('signing twice with one signer gives the same answer (cached key)', async () => {
    const signer = createSigner(SECRET, backend);
    const v = vectors[10]!;
    expect(await signer.sign(v.given)).toBe(v.want.sign);
    expect(await signer.sign(v.given)).toBe(v.want.sign);
  });
});

describe('backend choice', () => {
  it('auto picks node:crypto on Node, web forces WebCrypto', async () => {
    expect((await loadCryptoBackend('auto')).name).toBe('node');
    expect((await loadCryptoBackend('web')).name).toBe('web');
  });
});

describe('signatureString', () => {
  it('joins method (upper-cased), path, query, body hash and timestamp with line feeds', () => {
    expect(signatureString({ method: 'get', path: '/api/v4/x', query: 'a=1', bodyHash: 'h', timestamp: 7 })).toBe(
      'GET\n/api/v4/x\na=1\nh\n7',
    );
  });

  it('keeps an empty query as an empty line', () => {
    expect(
      signatureString({ method: 'POST', path: '/p', query: '', bodyHash: 'h', timestamp: '1' }).split('\n'),
    ).toEqual(['POST', '/p', '', 'h', '1']);
  });
});

describe('signer middleware over the final Request', () => {
  const middleware = (timestamp: number) =>
    createSignerMiddleware({
      key: 'fake-key',
      signer: createSigner(SECRET),
      headers: { key: 'KEY', timestamp: 'Timestamp', signature: 'SIGN' },
      timestamp: () => timestamp,
    });

  it.each(vectors)('signs what the Request holds: $name', async ({ given, want }) => {
    const url = `https://example.test${given.path}${given.query ? `?${given.query}` : ''}`;
    const init: RequestInit =
      given.method === 'GET' || given.body === ''
        ? { method: given.method }
        : { method: given.method, body: given.body };
    const request = new Request(url, init);
    const onRequest = middleware(given.timestamp).onRequest!;
    const out = (await onRequest({
      request,
      schemaPath: given.path,
      params: {},
      id: 'x',
      options: {} as never,
    })) as Request;
    expect(out.headers.get('SIGN')).toBe(want.sign);
    expect(out.headers.get('KEY')).toBe('fake-key');
    expect(out.headers.get('Timestamp')).toBe(String(given.timestamp));
    // The body is still there to be sent after signing.
    expect(await out.text()).toBe(given.body);
  });
});
