-- exchange-v4 shared rate budget: a request's answer (or its end without one) and what the server said.
-- One source for both clients (TypeScript and Python): the generator embeds this file verbatim.
-- KEYS: slots_1, meta_1, slots_2, meta_2, ... (the buckets of one call)
-- ARGV: [1] member of the take ('' when nothing was taken), [2] window in ms (window + margin),
--       [3] HTTP status ('' when no answer), [4] server's remaining count (''), [5] server's limit (''),
--       [6] ms until the server reopens the bucket after a 429 (''), [7] longest block honoured (ms),
--       [8] the spec's requests per window, [9] how long a lower live limit is kept (ms),
--       [10] '1' when the call counted in one bucket only (then `remaining` adds slots others used)
-- The slot frees a window after now. A 429 blocks the buckets until the server's reset (at most
-- [7] from now; a window when unknown). A live limit below the spec's becomes the buckets' count;
-- one at or above it restores the spec's. `remaining` below what the budget leaves adds slots:
-- the server counted requests this budget did not see (a process outside it).
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local member = ARGV[1]
local window = tonumber(ARGV[2])
local status = tonumber(ARGV[3])
local remaining = tonumber(ARGV[4])
local limit = tonumber(ARGV[5])
local reset_in = tonumber(ARGV[6])
local max_block = tonumber(ARGV[7])
local requests = tonumber(ARGV[8])
local keep = tonumber(ARGV[9])
local only = ARGV[10] == '1'
for i = 1, #KEYS, 2 do
  local slots, meta = KEYS[i], KEYS[i + 1]
  if member ~= '' then redis.call('ZADD', slots, 'XX', now + window, member) end
  redis.call('ZREMRANGEBYSCORE', slots, '-inf', now)
  local ttl = window
  if status == 429 then
    local untill = now + window
    if reset_in ~= nil then untill = now + math.min(math.max(reset_in, 0), max_block) end
    local blocked = tonumber(redis.call('HGET', meta, 'blocked')) or 0
    if untill > blocked then redis.call('HSET', meta, 'blocked', untill) end
    if untill - now > ttl then ttl = untill - now end
  end
  if limit ~= nil and limit >= 1 then
    limit = math.floor(limit)
    if limit < requests then
      redis.call('HSET', meta, 'live', limit, 'seen', now)
      if keep > ttl then ttl = keep end
    else
      redis.call('HDEL', meta, 'live', 'seen')
    end
  end
  if only and remaining ~= nil then
    local cap = requests
    local m = redis.call('HMGET', meta, 'live', 'seen')
    local live = tonumber(m[1])
    if live ~= nil and now - (tonumber(m[2]) or 0) < keep and live < cap then cap = live end
    local phantoms = (cap - redis.call('ZCARD', slots)) - math.max(0, math.floor(remaining))
    for _ = 1, phantoms do
      redis.call('ZADD', slots, now + window, 'seen:' .. redis.call('HINCRBY', meta, 'seq', 1))
    end
  end
  if redis.call('EXISTS', meta) == 1 and redis.call('PTTL', meta) < ttl then redis.call('PEXPIRE', meta, math.ceil(ttl)) end
  if redis.call('PTTL', slots) < window then redis.call('PEXPIRE', slots, math.ceil(window)) end
end
return 0
