local arbiter = require "arbiter"

arbiter.define.condition("I have {k} wounds", {})
