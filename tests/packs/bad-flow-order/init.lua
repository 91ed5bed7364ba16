local arbiter = require "arbiter"
arbiter.patch.table("flow", { default_order = "Defnd" })
