"""Every test of test_loop.py (what is sent again, looked up, ends as an unknown outcome; no secret
in an error or a log) run again through `AsyncExchangeClient`: the same loop, driven on asyncio."""

import test_loop
from fakes_async import asyncio_twins

asyncio_twins(test_loop, globals())
