"""Every test of test_with_response.py (ApiResponse (with_response)) run again through `AsyncExchangeClient`."""

import test_with_response
from fakes_async import asyncio_twins

asyncio_twins(test_with_response, globals())
