-- The robotslint language server, for Neovim 0.11 and later:
--
--   vim.lsp.enable("robotslint")
--
-- finds this file on 'runtimepath' and starts `robotslint lsp` on buffers
-- whose filetype is robots. Settings go through vim.lsp.config:
--
--   vim.lsp.config("robotslint", {
--     settings = { robotslint = { profiles = { "google", "bing" }, rules = { ["crawl-delay"] = "off" } } },
--   })
--
-- For the robots META tags of HTML pages too:
--
--   vim.lsp.config("robotslint", { filetypes = { "robots", "html" } })
--
-- Use this or require("robotslint").setup(), not both: each starts a
-- client.
return {
  cmd = { "robotslint", "lsp" },
  filetypes = { "robots" },
  root_markers = { ".robotslint.toml", ".git" },
}
