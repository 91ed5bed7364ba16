local arbiter = require "arbiter"
arbiter.patch.tabel("wounds", { max = 4 })
