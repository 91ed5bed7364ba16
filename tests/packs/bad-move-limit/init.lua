local arbiter = require "arbiter"
arbiter.override.hook("move_limit", function(me, action, feet, previous)
  if me.name == "Aldric" then return feet / 2 end  -- 7.5' for a Move: not whole feet
  return previous(me, action, feet)
end)
