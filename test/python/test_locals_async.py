"""Every test of test_locals.py (no key, secret or signature in a traceback's locals) run again through `AsyncExchangeClient`."""

import test_locals
from fakes_async import asyncio_twins

asyncio_twins(test_locals, globals())
