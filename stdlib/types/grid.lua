---@meta grid
-- `grid`: the fight's map. Cells are written as labels like a chessboard: a column letter then a
-- row number, A1 the south-west corner, letters growing east and numbers north ("C3"; after Z
-- come AA, AB …). Wherever a cell is asked for, a character (or a character's name) also works
-- and means the cell it stands in. Distances are in feet; the ruleset's metric decides how
-- diagonals count. Every query runs in the host: no need to loop over cells in Lua.

---A cell label ("C3"), a character, or a character's name.
---@alias grid.Place string|world.Character

---What a line of sight meets between two cells.
---@class grid.Sight
---@field visible boolean false when something hides the target completely
---@field shelter "none"|"cover"|"concealment" the worst thing between (Platemail: Cover -2, Concealment untargetable)
---@field strength integer the strongest object giving that shelter (Heimr's effectiveness); 0 for a wall
---@field wall boolean a wall or closed door is in the way

---A border between two side-by-side cells (Heimr's doors, walls, jumps).
---@class grid.Border
---@field name string
---@field blocks_movement boolean
---@field blocks_sight boolean
---@field movement_limit integer characters per turn; 0 for no limit (single door 2)
---@field crossing_challenge? integer the roll needed to cross (2 meter jump 3)
---@field toughness? integer what it takes to break (stone wall 6)
---@field door "none"|"open"|"closed"
---@field extra_cost number added to the cost of a path that crosses it, in cells (thick vegetation); 0 for none
---@field properties table<string, any> anything else the map gives it

---What covers a cell.
---@class grid.Terrain
---@field name string
---@field difficult boolean
---@field impassable boolean
---@field height integer Heimr's height level
---@field object string what stands there ("thick tree")
---@field shelter "none"|"cover"|"concealment" what the object gives a line of sight through this cell
---@field shelter_strength integer
---@field properties table<string, any>

---Any other field is an error naming the nearest (`stop_whithin`), as it would be ignored.
---@class grid.MoveOptions
---@field stop_within? number stop once this many feet from the goal (5: adjacent)
---@field avoid? grid.Place[] cells to walk around (other characters)

grid = {}

---The grid's size in cells and the feet per cell.
---@return integer width
---@return integer height
---@return integer scale feet per cell
function grid.size() end

---The ruleset's distance metric.
---@return "chebyshev"|"manhattan"|"alternating"|"euclidean"
function grid.metric() end

---The cell holding a point given in feet (Platemail: "Move to X: 15, Y: 20" is `grid.cell(15, 20)`).
---@param x_feet integer
---@param y_feet integer
---@return string label
function grid.cell(x_feet, y_feet) end

---The south-west corner of a cell, in feet.
---@param cell grid.Place
---@return integer x_feet
---@return integer y_feet
function grid.feet(cell) end

---The neighbour in a compass direction, or nil past the edge of the grid.
---@param cell grid.Place
---@param direction string "N", "NE", … "NW" (or "north", "south-west" …)
---@return string? label
function grid.step(cell, direction) end

---Follows a written path ("S, S, SW") and checks every step: a step through a wall, off the
---grid or past `allowance_feet` is an error naming the step.
---@param from grid.Place
---@param directions string
---@param allowance_feet? number
---@return string[] cells the cells entered, in order
---@return number feet what the path costs
function grid.walk(from, directions, allowance_feet) end

---Distance in feet under the ruleset's metric.
---@param a grid.Place
---@param b grid.Place
---@return number feet
function grid.distance(a, b) end

---One step apart (orthogonally only, under the Manhattan metric).
---@param a grid.Place
---@param b grid.Place
---@return boolean
function grid.adjacent(a, b) end

---Whether b is within `feet` of a (reach: 5', or 10' with a Reach weapon). Never less than one
---cell: on a map of 10' cells the next cell is within 5', as no two characters stand closer.
---@param a grid.Place
---@param b grid.Place
---@param feet number
---@return boolean
function grid.within(a, b, feet) end

---Every cell within `feet` of the centre, the centre included.
---@param centre grid.Place
---@param feet number
---@return string[]
function grid.radius(centre, feet) end

---Every cell a straight line from a to b touches, both ends included.
---@param a grid.Place
---@param b grid.Place
---@return string[]
function grid.line(a, b) end

---A 90° cone opening from `origin` (not included) toward a compass direction, out to `feet`.
---@param origin grid.Place
---@param direction string
---@param feet number
---@return string[]
function grid.cone(origin, direction, feet) end

---Whether `from` sees `to`, and what stands between. Symmetric: a sees b exactly when b sees a,
---because the objects in the two end cells do not count — unless `count_target_cell` is set,
---for rules where hiding behind the crate in your own cell matters (Heimr's Hide). Another field
---of `options` is an error naming the nearest.
---@param from grid.Place
---@param to grid.Place
---@param options? { count_target_cell?: boolean }
---@return grid.Sight
function grid.sight(from, to, options) end

---The cheapest path (walls, difficult terrain and border costs counted), or nil if there is none.
---@param from grid.Place
---@param to grid.Place
---@param avoid? grid.Place[] cells to walk around; `to` itself may be one
---@return string[]? cells the cells entered, in order
---@return number? feet
function grid.path(from, to, avoid) end

---"Move toward X up to N feet": the cheapest path cut where the feet run out (an occupied goal
---is never entered).
---@param from grid.Place
---@param to grid.Place
---@param feet number
---@param options? grid.MoveOptions
---@return string[] cells
---@return number feet
function grid.toward(from, to, feet, options) end

---"Move away from hostiles": to the reachable cell whose nearest hostile is farthest.
---@param from grid.Place
---@param hostiles grid.Place[]
---@param feet number
---@param options? grid.MoveOptions only `avoid`: `stop_within` is an error here, as it would be ignored
---@return string[] cells empty when staying put is best
---@return number feet
function grid.away(from, hostiles, feet, options) end

---The border between two side-by-side cells, or nil.
---@param a grid.Place
---@param b grid.Place
---@return grid.Border?
function grid.border(a, b) end

---Opens or closes the door between two cells (an error if there is no door; logged as
---"door_changed").
---@param a grid.Place
---@param b grid.Place
---@param state "open"|"closed"
---@param cause? string
function grid.set_door(a, b, state, cause) end

---The terrain of a cell.
---@param cell grid.Place
---@return grid.Terrain
function grid.terrain(cell) end

