"""The hand-written runtime of the generated client: signing, the query serializer, server time,
rate limits, the retry and outcome policy, validation, pagination and errors. Generated modules
import from here; users import from `exchange_v4`."""
