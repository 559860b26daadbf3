"""Every test of test_raw_request.py (the raw request) run again through `AsyncExchangeClient`."""

import test_raw_request
from fakes_async import asyncio_twins

asyncio_twins(test_raw_request, globals())
