-- exchange-v4 shared rate budget: take one slot in every bucket of a call, or none.
-- One source for both clients (TypeScript and Python): the generator embeds this file verbatim.
-- KEYS: slots_1, meta_1, slots_2, meta_2, ... (a sorted set and a hash per bucket; see docs/redis-rate-budget.md)
-- ARGV: [1] requests per window, [2] window in ms (window + margin), [3] hold in ms (the longest a
--       request may stay unanswered), [4] member (unique per take), [5] how long a lower live limit is kept (ms)
-- Returns { 0, 0 } when every bucket gave a slot (all recorded), else { 1, wait_ms }: nothing recorded,
-- and no slot can free before wait_ms (a slot still in flight counts as answered now).
-- A slot's score is the Redis time (ms) at which it frees: while in flight, send + hold + window;
-- once answered (settle.lua), answer + window.
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local requests = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local hold = tonumber(ARGV[3])
local keep = tonumber(ARGV[5])
local wait = 0
for i = 1, #KEYS, 2 do
  local slots, meta = KEYS[i], KEYS[i + 1]
  redis.call('ZREMRANGEBYSCORE', slots, '-inf', now)
  local m = redis.call('HMGET', meta, 'blocked', 'live', 'seen')
  local blocked = tonumber(m[1]) or 0
  local cap = requests
  local live = tonumber(m[2])
  if live ~= nil and now - (tonumber(m[3]) or 0) < keep and live < cap then cap = live end
  if cap < 1 then cap = 1 end
  if blocked > now and blocked - now > wait then wait = blocked - now end
  local count = redis.call('ZCARD', slots)
  if count >= cap then
    local kth = redis.call('ZRANGE', slots, count - cap, count - cap, 'WITHSCORES')
    local free = math.min(tonumber(kth[2]), now + window)
    if free - now > wait then wait = free - now end
  end
end
if wait > 0 then return { 1, math.ceil(wait) } end
for i = 1, #KEYS, 2 do
  redis.call('ZADD', KEYS[i], now + hold + window, ARGV[4])
  if redis.call('PTTL', KEYS[i]) < hold + window then redis.call('PEXPIRE', KEYS[i], math.ceil(hold + window)) end
end
return { 0, 0 }
