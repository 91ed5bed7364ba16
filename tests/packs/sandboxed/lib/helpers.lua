local helpers = {}

function helpers.double(n)
  return n * 2
end

function helpers.broken()
  local missing = nil
  return missing.field
end

return helpers
