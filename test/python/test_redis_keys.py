"""The shared rate budget's option checks in the Python client (no Redis package needed: the client
is duck-typed). Its Redis keys and fallback limits are the conformance kit's rows
(test_conformance_redis_keys.py, test_conformance_redis_fallback.py)."""

import unittest

from exchange_v4 import RedisRateLimitStore, ValidationError


class FakeRedis:
    """Has a redis-py client's methods; never called here."""

    def __init__(self, socket_timeout: float | None = 0.25) -> None:
        self.connection_pool = type("Pool", (), {"connection_kwargs": {"socket_timeout": socket_timeout}})()

    def evalsha(self, sha: str, numkeys: int, /, *keys_and_args: str) -> object:
        raise AssertionError("not called")

    def eval(self, script: str, numkeys: int, /, *keys_and_args: str) -> object:
        raise AssertionError("not called")


class Options(unittest.TestCase):
    def test_bad_options_name_the_option(self) -> None:
        rows: list[tuple[dict[str, object], object, str]] = [
            ({"uid": "a b"}, FakeRedis(), "uid"),
            ({"uid": "{1}"}, FakeRedis(), "uid"),
            ({"uid": "1", "prefix": "a b"}, FakeRedis(), "prefix"),
            ({"uid": "1", "fallback_share": 0}, FakeRedis(), "fallback_share"),
            ({"uid": "1", "fallback_share": 1.5}, FakeRedis(), "fallback_share"),
            ({"uid": "1", "retry_after_ms": -1}, FakeRedis(), "retry_after_ms"),
            ({"uid": "1"}, object(), "redis"),
            # Without a socket timeout a hung Redis could block a call forever.
            ({"uid": "1"}, FakeRedis(socket_timeout=None), "redis"),
        ]
        for options, client, field in rows:
            with self.subTest(field=field, options=options):
                with self.assertRaises(ValidationError) as caught:
                    RedisRateLimitStore(client, **options)  # type: ignore[arg-type]
                self.assertEqual(caught.exception.field, field)

    def test_a_valid_store_is_built_without_touching_redis(self) -> None:
        store = RedisRateLimitStore(FakeRedis(), uid=10001)
        self.assertEqual(store.uid, "10001")
        self.assertFalse(store.falling_back)


if __name__ == "__main__":
    unittest.main()
