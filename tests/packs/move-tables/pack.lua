return { name = "move-tables", version = "1.0.0", api = 1,
         description = "Actions whose movement is written as the Platemail pack's action data writes it." }
