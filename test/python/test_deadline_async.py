"""Every test of test_deadline.py (the call's deadline) run again through `AsyncExchangeClient`."""

import test_deadline
from fakes_async import asyncio_twins

asyncio_twins(test_deadline, globals())
