-- wrk script for `npm run bench`: every request is a line picked at random from a file the bench
-- wrote (a path, optionally a tab and a Cookie header), so requests spread over the catalogue as a
-- shop's do instead of asking one address the memo answers. Every request carries the
-- Accept-Encoding a browser sends (the second argument), so answers are compressed as a shop's are.
-- Prints one JSON line when done.
local lines = {}
local counter = 0

function setup(thread)
  counter = counter + 1
  thread:set("seed", counter)
end

function init(args)
  math.randomseed(os.time() * 1000 + (seed or 0) * 7919)
  for line in io.lines(args[1]) do
    local path, cookie = line:match("^([^\t]+)\t?(.*)$")
    if path then
      local headers = {}
      if args[2] and args[2] ~= "" then headers["Accept-Encoding"] = args[2] end
      if cookie ~= "" then headers["Cookie"] = cookie end
      lines[#lines + 1] = wrk.format("GET", path, headers)
    end
  end
end

function request()
  return lines[math.random(#lines)]
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '\n{"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"max_us":%d,"timeouts":%d,"errors":%d,"non2xx":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max,
    e.timeout, e.connect + e.read + e.write, e.status))
end
