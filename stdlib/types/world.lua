---@meta world
-- `world`: the characters of the fight and the general targets of the order sheets. A character
-- is a read-only handle, one per character in a fight (so it works as a table key): its fields
-- always show the character as it is now. Anywhere a character is
-- asked for, its display name works too ("Orc #2").

---@class world.Character
---@field id integer
---@field name string unique display name ("Orc #2")
---@field side string characters on the same side are allies
---@field cell string where it stands ("C3")
---@field stats table<string, number|boolean|string|table> its stats when read (read-only: `c.stats.wounds = 2` is an error saying to use world.set_stat)
---@field statuses { name: string, source?: string, remaining?: integer, stacks: integer }[]

---Who counts as a candidate, relative to the asking character (never itself). Default "any".
---@alias world.Relation "any"|"ally"|"enemy"

---@class world.Lookups
---@field injury? string the stat that measures injury (default "wounds"); without it a character counts as 0 when more is worse
---@field more_is_worse? boolean true when a higher injury stat is worse (default true; false for hit points)
---@field size? string the stat that measures size (default "size")
---@field out_of_fight? string[] statuses that remove a character from every lookup ("Dead"); one nobody defined is an error at the line that names it, when the fight is made

world = {}

---A character by name.
---@param name string|world.Character
---@return world.Character
function world.character(name) end

---Every character, or those of one side, in the order they joined. A side no character is on is
---an error naming the sides, nearest first: a misspelt one would otherwise find no one.
---@param side? string
---@return world.Character[]
function world.characters(side) end

---Puts a character in a cell (logged as "moved"). A cell another character stands in is refused at
---the call, naming who: one character to a cell (inside an action, after its earlier moves).
---@param who string|world.Character
---@param to grid.Place
---@param cause? string
function world.move(who, to, cause) end

---Sets one stat: a number, true/false, a string or a list of these, lists nesting (logged as "stat_changed").
---When the `encounter` table declares the stats the rules read (`stats = { wounds = "count" }`), a
---value of the wrong kind for a declared stat is an error at the call, and so is a name that is none
---of them (nor a slot, nor a stat a character has) but near one (`"wonds"`: did you mean 'wounds'?).
---A name near none is the rules' own stat, and is set (docs/world.md, "Characters").
---@param who string|world.Character
---@param stat string
---@param value number|boolean|string|table
---@param cause? string
function world.set_stat(who, stat, value, cause) end

---Stops the fight: the encounter gave `who` a value of `stat` the rules cannot start a fight with
---(three fighters who all start in one bind). Told at the encounter's line and column of that stat,
---"<who>'s <stat> <message>", as the GM's mistake, not the pack's.
---@param who string|world.Character
---@param stat string
---@param message string what is wrong, after "Cy's guard ": "is Bound, but …"
function world.encounter_error(who, stat, message) end

---"The closest enemy": ties go to the lower id.
---@param of string|world.Character
---@param relation? world.Relation
---@param keep? fun(c: world.Character): boolean? only the characters it returns true for are candidates (one `of` perceives); asked best first, and of no more than it takes; an answer but true, false or nil is an error at its line
---@return world.Character?
function world.closest(of, relation, keep) end

---"The farthest enemy": ties go to the lower id.
---@param of string|world.Character
---@param relation? world.Relation
---@param keep? fun(c: world.Character): boolean? only the characters it returns true for are candidates (one `of` perceives); asked best first, and of no more than it takes; an answer but true, false or nil is an error at its line
---@return world.Character?
function world.farthest(of, relation, keep) end

---"The most injured enemy", by the injury stat (the ruleset's flow table names it: `lookups`); ties go to the nearer.
---A character without the stat counts as 0, unhurt, when more is worse (wounds taken); with
---`more_is_worse = false` (hit points) it is not a candidate.
---@param of string|world.Character
---@param relation? world.Relation
---@param keep? fun(c: world.Character): boolean? only the characters it returns true for are candidates (one `of` perceives); asked best first, and of no more than it takes; an answer but true, false or nil is an error at its line
---@return world.Character?
function world.most_injured(of, relation, keep) end

---"The biggest enemy", by the size stat (the ruleset's flow table names it: `lookups`); ties go to the nearer.
---@param of string|world.Character
---@param relation? world.Relation
---@param keep? fun(c: world.Character): boolean? only the characters it returns true for are candidates (one `of` perceives); asked best first, and of no more than it takes; an answer but true, false or nil is an error at its line
---@return world.Character?
function world.biggest(of, relation, keep) end

---Characters within `feet` of `of`, and those in the next cells at least (as `grid.within`).
---@param of string|world.Character
---@param feet number
---@param relation? world.Relation
---@return world.Character[]
function world.within_reach(of, feet, relation) end

---Characters `of` can see (nothing hides them completely).
---@param of string|world.Character
---@param relation? world.Relation
---@return world.Character[]
function world.visible_from(of, relation) end

