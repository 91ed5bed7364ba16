local arbiter = require "arbiter"
arbiter.override.hook("turn_end", function(who, previous)
  local n = 0
  for i = 1, 5e6 do n = n + i end
  return previous(who)
end)
