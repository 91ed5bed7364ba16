local arbiter = require "arbiter"
arbiter.override.hook("forced_action", function(me, previous)
  if me.name == "Aldric" then return { action = "Move", path = { "F3", "F2" } } end  -- F3 is beside no one
  return previous(me)
end)
