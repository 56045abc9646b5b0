-- robotslint for Neovim: runs `robotslint lsp` on robots.txt buffers, and
-- on HTML buffers with html = true.
--
--   require("robotslint").setup({
--     cmd = { "robotslint", "lsp" },
--     settings = { profiles = { "google", "bing" }, rules = { ["crawl-delay"] = "off" } },
--     html = true,
--   })
--
-- Works on Neovim 0.7 and later: 0.8 and later start the server with
-- vim.lsp.start, which reuses a running client for the same root; 0.7 has
-- no vim.lsp.start, so the module keeps one client per root itself and
-- attaches buffers with vim.lsp.buf_attach_client.

local M = {}

local uv = vim.uv or vim.loop

-- The options setup takes, and their defaults.
local defaults = {
  -- The command that runs the language server.
  cmd = { "robotslint", "lsp" },
  -- The "robotslint" section of the client's settings: profiles (a list
  -- of google, rfc9309, bing, yandex, legacy) and rules (rule name to
  -- error, warning, info, hint or off). They are laid over the
  -- .robotslint.toml found from each file's directory.
  settings = {},
  -- The root is the nearest directory, from the file's own upwards, that
  -- holds one of these files or directories; with none, the file's
  -- directory.
  root_markers = { ".robotslint.toml", ".git" },
  -- Also check the robots META tags and section markers of buffers whose
  -- filetype is html. Off by default: the server says nothing about a page
  -- without robots directives, but Neovim before 0.11 shows one client's
  -- empty hover over another's, so it is for users who ask.
  html = false,
  -- Passed on to the client, as in vim.lsp.start.
  on_attach = nil,
  capabilities = nil,
}

M.options = vim.deepcopy(defaults)

-- clients maps a root directory to the id of the client started for it,
-- on Neovim 0.7 only.
local clients = {}

-- root_dir returns the directory to run the server in for the file at
-- path: the nearest directory holding one of the root markers, or else the
-- file's own directory.
function M.root_dir(path, markers)
  markers = markers or M.options.root_markers
  local dir = vim.fn.fnamemodify(path, ":p:h")
  local d = dir
  while true do
    for _, marker in ipairs(markers) do
      if uv.fs_stat(d .. "/" .. marker) then
        return d
      end
    end
    local parent = vim.fn.fnamemodify(d, ":h")
    if parent == d then
      return dir
    end
    d = parent
  end
end

-- section returns the settings as the server reads them. An empty Lua
-- table would go out as a JSON array, which the server rejects: empty
-- tables become JSON objects, or are left out.
local function section(settings)
  local s = vim.deepcopy(settings or {})
  if type(s.rules) == "table" and next(s.rules) == nil then
    s.rules = nil
  end
  if next(s) == nil then
    return nil
  end
  return s
end

-- config returns the client configuration for the buffer bufnr, or nil
-- when the buffer is not a file.
function M.config(bufnr)
  local name = vim.api.nvim_buf_get_name(bufnr)
  if name == "" or vim.bo[bufnr].buftype ~= "" then
    return nil
  end
  local opts = M.options
  local s = section(opts.settings)
  return {
    name = "robotslint",
    cmd = opts.cmd,
    root_dir = M.root_dir(name),
    -- Neovim 0.8 and later answer workspace/configuration from settings;
    -- 0.7 neither offers nor sends them, so initializationOptions carries
    -- the same section, which also makes the first diagnostics use it.
    settings = s and { robotslint = s } or vim.empty_dict(),
    init_options = s,
    on_attach = opts.on_attach,
    capabilities = opts.capabilities,
  }
end

-- start_07 is vim.lsp.start for Neovim 0.7: it starts one client per root
-- directory and attaches bufnr to it.
local function start_07(config, bufnr)
  local id = clients[config.root_dir]
  local client = id and vim.lsp.get_client_by_id(id)
  if not client or client.is_stopped() then
    id = vim.lsp.start_client(config)
    if not id then
      return nil
    end
    clients[config.root_dir] = id
  end
  vim.lsp.buf_attach_client(bufnr, id)
  return id
end

-- attach starts the server for the buffer bufnr, or attaches the buffer to
-- the server already running for its root, and returns the client id.
function M.attach(bufnr)
  if bufnr == nil or bufnr == 0 then
    bufnr = vim.api.nvim_get_current_buf()
  end
  local config = M.config(bufnr)
  if not config then
    return nil
  end
  if vim.lsp.start then
    -- 0.8.0 attaches the current buffer whatever opts.bufnr says.
    return vim.api.nvim_buf_call(bufnr, function()
      return vim.lsp.start(config, { bufnr = bufnr })
    end)
  end
  return start_07(config, bufnr)
end

-- notify_settings sends the settings to the robotslint clients already
-- running, which lint their files again.
local function notify_settings()
  local s = section(M.options.settings)
  local settings = s and { robotslint = s } or vim.empty_dict()
  -- An empty section tells the server that there are no settings.
  local params = { settings = { robotslint = s or vim.empty_dict() } }
  local get_clients = vim.lsp.get_clients or vim.lsp.get_active_clients
  for _, client in pairs(get_clients()) do
    if client.name == "robotslint" then
      -- 0.10 and later answer workspace/configuration from
      -- client.settings, older versions from client.config.settings.
      client.config.settings = settings
      if client.settings ~= nil then
        client.settings = settings
      end
      if vim.fn.has("nvim-0.11") == 1 then
        client:notify("workspace/didChangeConfiguration", params)
      else
        client.notify("workspace/didChangeConfiguration", params)
      end
    end
  end
end

-- setup sets the options and starts the server on every buffer whose
-- filetype is robots (or html, with html = true), those already open
-- included. Calling it again
-- replaces the options, and sends the new settings to the servers
-- running.
function M.setup(opts)
  -- Lists (cmd, root_markers, profiles) replace the defaults' whole.
  M.options = vim.tbl_deep_extend("force", vim.deepcopy(defaults), opts or {})
  notify_settings()
  local group = vim.api.nvim_create_augroup("robotslint", { clear = true })
  -- ftdetect/robots.vim does this too, but only when this directory is on
  -- 'runtimepath' before filetype detection starts, which plugin managers
  -- that add it later miss. Neovim itself knows robots.txt.
  vim.api.nvim_create_autocmd({ "BufNewFile", "BufRead" }, {
    group = group,
    pattern = "*.robots.txt",
    callback = function(args)
      if vim.bo[args.buf].filetype ~= "robots" then
        vim.bo[args.buf].filetype = "robots"
      end
    end,
    desc = "robotslint: *.robots.txt files are robots.txt files",
  })
  local filetypes = { robots = true, html = M.options.html or nil }
  vim.api.nvim_create_autocmd("FileType", {
    group = group,
    pattern = M.options.html and "robots,html" or "robots",
    callback = function(args)
      M.attach(args.buf)
    end,
    desc = "robotslint: start the language server",
  })
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) and filetypes[vim.bo[bufnr].filetype] then
      M.attach(bufnr)
    end
  end
end

return M
