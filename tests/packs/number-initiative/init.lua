local arbiter = require "arbiter"
arbiter.override.hook("initiative", function(characters, previous)
  local order = previous(characters)
  return { order[1], 42 }
end)
