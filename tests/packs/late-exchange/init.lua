local arbiter = require "arbiter"
arbiter.override.hook("exchange", function(ctx, previous)
  if ctx.action == "Melee Attack" then pcall(function() while true do end end) end
  if ctx.action == "Unarmed Attack" then
    pcall(function() local t = {} for i = 1, 1e9 do t[i] = string.rep("x", 100000) .. i end end)
  end
  return previous(ctx)
end)
