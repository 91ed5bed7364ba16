---@meta orders
-- `orders`: read order sheets (docs/orders.md) into plain tables, for packs' own order helpers.

---@class orders.Target
---@field kind "phrase"|"character"|"self"|"cell"|"coordinates"
---@field text? string the phrase, the name (without quotes) or the cell label
---@field x? integer
---@field y? integer

---@class orders.Movement
---@field kind "path"|"destination"|"toward"|"away"
---@field feet? integer the distance written ("15'")
---@field steps? string[] compass steps: "N", "NE", … ("S, S, SW")
---@field place? orders.Target where to (destination), or whom to move toward or away from

---@class orders.Order
---@field action string "Full Attack"
---@field arguments string[] "Prepare Spell (Fireball)" -> { "Fireball" }
---@field movement? orders.Movement
---@field target? orders.Target

---@class orders.Condition
---@field kind "phrase"|"all"|"any"|"not" a phrase; AND; OR; NOT
---@field text? string the phrase
---@field operands? orders.Condition[] of AND and OR
---@field operand? orders.Condition of NOT

---@class orders.Phase
---@field number integer
---@field line integer
---@field branches { condition: orders.Condition, order: orders.Order }[] IF, then each ELSE IF
---@field otherwise? orders.Order ELSE, or the phase's only order

---@class orders.Standing
---@field trigger string the action it answers: "Melee Attack" in "ON Melee Attack: Parry"
---@field line integer
---@field branches { condition: orders.Condition, order: orders.Order }[] IF, then each ELSE IF
---@field otherwise? orders.Order ELSE, or its only order

---@class orders.Character
---@field name string
---@field line integer
---@field phases orders.Phase[]
---@field standing orders.Standing[] standing orders (sequential flows), in the order written

---@class orders.Sheet
---@field round? integer
---@field characters orders.Character[]

orders = {}

---Reads an order sheet. On a sheet that is not the language, returns nil and
---"name:line:column: message" (like `load`).
---@param text string
---@param name? string shown in messages; "(orders)" by default
---@return orders.Sheet|nil sheet
---@return string? problem
function orders.parse(text, name) end
