-- A manifest that forgot its name.
return {
  version = "1.0.0",
  api = 1,
}
