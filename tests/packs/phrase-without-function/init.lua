local arbiter = require "arbiter"
arbiter.define.target("the tallest foe", {})
