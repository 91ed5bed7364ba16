local arbiter = require "arbiter"
arbiter.override.hook("hostile", function(me, other, action, previous)
  if me.name == "Aldric" then return "yes" end  -- not true, false or nil
  return previous(me, other, action)
end)
