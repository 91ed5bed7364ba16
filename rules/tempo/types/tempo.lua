---@meta _
-- LuaLS annotations of what the tempo pack offers a house rule's action: the hook
-- `arbiter.hooks.exchange` (docs/writing-actions.md). An editor completes and documents it once
-- this folder is in `workspace.library` beside Arbiter's stdlib/types (docs/packs.md, "Editor
-- support"). Only annotations: no pack requires this file.

---@class arbiter.Hooks
local hooks = {}

---Plays a proactive action's whole exchange from its row of `actions_data`: the reactions
---declared against it, the actor's counter-tempo action, then the outcome, its wounds and
---movements logged with it. A house rule's action gives `resolve = function(ctx) return
---arbiter.hooks.exchange(ctx) end`, calling the hook as it is played, so that a later house
---rule's override of `exchange` plays it too.
---@param ctx flow.Intent the action's context, the `ctx` its `resolve` is given
function hooks.exchange(ctx) end
