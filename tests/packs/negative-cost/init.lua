local arbiter = require "arbiter"
arbiter.override.hook("choose", function(me, points, ordered, previous)
  local intent, refused = previous(me, points, ordered)
  if intent then intent.cost = -5 end
  return intent, refused
end)
