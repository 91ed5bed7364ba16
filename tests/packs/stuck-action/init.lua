local arbiter = require "arbiter"
arbiter.define.action("Dawdle", { ready = true, resolve = function()
  string.find(string.rep("a", 100000), ".-.-.-.-b")
end })
