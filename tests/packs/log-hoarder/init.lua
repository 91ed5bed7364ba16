local arbiter = require "arbiter"
-- Its own heap stays small (the text is let go of at once); the log keeps a copy of each event.
arbiter.override.hook("round_start", function()
  local text = string.rep("x", 200000)
  for _ = 1, 100 do log.event("hoarded", { text = text }) end
end)
