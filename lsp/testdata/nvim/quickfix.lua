-- The real-client test of robotslint lsp (lsp/nvim_test.go), for Neovim
-- 0.7.2, Debian 12's: 0.7 has no vim.lsp.start, so the client is started
-- with vim.lsp.start_client and attached with vim.lsp.buf_attach_client.
--
-- Run as: nvim --headless -u NONE -i NONE -c 'luafile quickfix.lua', with
--   ROBOTSLINT_BIN   the robotslint binary
--   ROBOTSLINT_FILE  a robots.txt reading "User-agent: *\nDisalow: /private\n"
--
-- It opens the file, waits for the misspelled-directive diagnostic, asks
-- for a hover on that line (when the server offers hovers), asks for the
-- code actions on the diagnostic, applies the preferred quick fix's edit,
-- checks the line reads "Disallow: /private", waits for the diagnostic to
-- go, and stops the client: the server must exit with status 0.
--
-- Progress goes to stderr, one line a step, so that a failure shows where
-- it stopped. Everything runs under xpcall: under --headless an uncaught
-- Lua error waits for a key press forever. Success ends with :qall!,
-- failure with :cquit 1.

local t0 = vim.loop.hrtime()

local function step(fmt, ...)
  io.stderr:write(string.format("[%5d ms] ", math.floor((vim.loop.hrtime() - t0) / 1e6)) .. string.format(fmt, ...) .. "\n")
end

-- wait waits up to ms for cond to hold, and fails naming what it waited for.
local function wait(what, ms, cond)
  if not vim.wait(ms, cond, 10) then
    error(string.format("timed out after %d ms waiting for %s", ms, what), 0)
  end
end

local function check(cond, fmt, ...)
  if not cond then
    error(string.format(fmt, ...), 0)
  end
end

-- request sends a request and returns its result, failing on an error
-- or a timeout.
local function request(client, bufnr, method, params)
  local res, err = client.request_sync(method, params, 5000, bufnr)
  check(res ~= nil, "%s: no answer (%s)", method, tostring(err))
  check(res.err == nil, "%s: error %s", method, vim.inspect(res.err))
  return res.result
end

local function find(bufnr, code)
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if d.code == code then
      return d
    end
  end
end

local function main()
  local bin = os.getenv("ROBOTSLINT_BIN")
  local path = os.getenv("ROBOTSLINT_FILE")
  check(bin and bin ~= "", "ROBOTSLINT_BIN is not set")
  check(path and path ~= "", "ROBOTSLINT_FILE is not set")
  step("nvim %s", tostring(vim.version().major .. "." .. vim.version().minor .. "." .. vim.version().patch))

  vim.cmd("edit " .. vim.fn.fnameescape(path))
  local bufnr = vim.api.nvim_get_current_buf()
  local uri = vim.uri_from_bufnr(bufnr)
  check(vim.api.nvim_buf_get_lines(bufnr, 1, 2, false)[1] == "Disalow: /private", "the file does not read as expected")

  local exit_code, exit_signal, stop_time
  local client_id = vim.lsp.start_client({
    name = "robotslint",
    cmd = { bin, "lsp" },
    root_dir = vim.fn.fnamemodify(path, ":h"),
    on_exit = function(code, signal)
      exit_code, exit_signal = code, signal
    end,
  })
  check(client_id, "vim.lsp.start_client failed")
  check(vim.lsp.buf_attach_client(bufnr, client_id), "vim.lsp.buf_attach_client failed")
  local client = vim.lsp.get_client_by_id(client_id)
  wait("initialize", 5000, function()
    return client.initialized or exit_code ~= nil
  end)
  check(exit_code == nil, "the server exited during initialize: code %s, signal %s", tostring(exit_code), tostring(exit_signal))
  step("initialized; offset encoding %s", client.offset_encoding)

  wait("the misspelled-directive diagnostic", 5000, function()
    return find(bufnr, "misspelled-directive") ~= nil
  end)
  local diag = find(bufnr, "misspelled-directive")
  check(diag.lnum == 1 and diag.col == 0 and diag.end_col == 7,
    "misspelled-directive at %d:%d-%d, want 1:0-7", diag.lnum, diag.col, diag.end_col)
  step("diagnostic: %s: %s", diag.code, diag.message)

  if client.server_capabilities.hoverProvider then
    -- On the misspelled directive, and if that has nothing to say, on its
    -- value: something on the line must explain itself.
    local said
    for _, character in ipairs({ 2, 10 }) do
      local result = request(client, bufnr, "textDocument/hover", {
        textDocument = { uri = uri },
        position = { line = 1, character = character },
      })
      if result and result.contents then
        local lines = vim.lsp.util.trim_empty_lines(vim.lsp.util.convert_input_to_markdown_lines(result.contents))
        if #lines > 0 then
          said = string.format("character %d: %s", character, lines[1])
          break
        end
      end
    end
    check(said, "hover: nothing anywhere on the Disalow line")
    step("hover at %s", said)
  else
    step("hover: the server does not advertise hoverProvider; not tested")
  end

  -- The code actions for the diagnostic, sent back the way
  -- vim.lsp.buf.code_action does on 0.7.
  local line_diags = vim.lsp.diagnostic.get_line_diagnostics(bufnr, diag.lnum, nil, client_id)
  local lsp_diag
  for _, d in ipairs(line_diags) do
    if d.code == "misspelled-directive" then
      lsp_diag = d
    end
  end
  check(lsp_diag, "get_line_diagnostics lost the diagnostic")
  local actions = request(client, bufnr, "textDocument/codeAction", {
    textDocument = { uri = uri },
    range = lsp_diag.range,
    context = { diagnostics = { lsp_diag } },
  })
  check(type(actions) == "table" and #actions > 0, "no code actions: %s", vim.inspect(actions))
  local titles, fix = {}, nil
  for _, a in ipairs(actions) do
    table.insert(titles, a.title)
    if a.kind == "quickfix" and a.isPreferred and not fix then
      fix = a
    end
  end
  step("code actions: %s", table.concat(titles, " | "))
  check(fix, "no preferred quick fix among %s", vim.inspect(actions))
  if not fix.edit and client.server_capabilities.codeActionProvider
    and type(client.server_capabilities.codeActionProvider) == "table"
    and client.server_capabilities.codeActionProvider.resolveProvider then
    fix = request(client, bufnr, "codeAction/resolve", fix)
  end
  check(fix.edit, "the preferred quick fix %q has no edit", fix.title)

  vim.lsp.util.apply_workspace_edit(fix.edit, client.offset_encoding)
  local line = vim.api.nvim_buf_get_lines(bufnr, 1, 2, false)[1]
  check(line == "Disallow: /private", "after %q the line reads %q", fix.title, line)
  step("applied %q: %s", fix.title, line)

  -- The edit reaches the server as an incremental didChange, after
  -- Neovim's debounce (150 ms on 0.7).
  wait("the diagnostic to go", 5000, function()
    return find(bufnr, "misspelled-directive") == nil
  end)
  local left = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    table.insert(left, tostring(d.code))
  end
  step("diagnostic gone; left: %s", #left > 0 and table.concat(left, ", ") or "none")

  -- stop sends shutdown, then exit; the server must exit by itself, with 0.
  stop_time = vim.loop.hrtime()
  client.stop()
  wait("the server to exit", 5000, function()
    return exit_code ~= nil
  end)
  step("server exited %.0f ms after stop: code %d, signal %d", (vim.loop.hrtime() - stop_time) / 1e6, exit_code, exit_signal)
  check(exit_code == 0 and exit_signal == 0, "the server exited with code %d, signal %d; want 0, 0", exit_code, exit_signal)
end

local ok, err = xpcall(main, debug.traceback)
if ok then
  step("ok")
  vim.cmd("qall!")
else
  io.stderr:write("FAIL: " .. tostring(err) .. "\n")
  vim.cmd("cquit 1")
end
