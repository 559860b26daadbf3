# Copied by exchange-v4 from generator/targets/python/runtime/__init__.py. Do not edit here: edit that file,
# then run: npm run generate
"""The hand-written runtime of the generated client: signing, the query serializer, server time,
rate limits, the retry and outcome policy, validation, pagination and errors. Generated modules
import from here; users import from `exchange_v4`."""
