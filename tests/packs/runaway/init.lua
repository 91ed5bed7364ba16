local arbiter = require "arbiter"
arbiter.define.action("Spin", { ready = true, resolve = function() while true do end end })
arbiter.define.action("Hog", { ready = true, resolve = function()
  local t = {}
  for i = 1, 1e9 do t[i] = string.rep("x", 100000) .. i end
end })
