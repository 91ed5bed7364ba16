local arbiter = require "arbiter"
arbiter.override.hook("exchange", function(ctx, previous)
  if not ctx.reaction then flow.react(ctx.actor, ctx.action, ctx.target, "a second blow") end
  return previous(ctx)
end)
