"""Every test of test_integers.py (exact 64-bit integers) run again through `AsyncExchangeClient`."""

import test_integers
from fakes_async import asyncio_twins

asyncio_twins(test_integers, globals())
