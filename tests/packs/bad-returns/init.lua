local arbiter = require "arbiter"
arbiter.override.hook("initiative", function(characters, previous)
  previous(characters)  -- the result is dropped: no return
end)
