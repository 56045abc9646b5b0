-- The check of editors/nvim/nvim_test.go. Neovim has started as a user's
-- would, with an init.lua that only puts editors/nvim on 'runtimepath' and
-- calls require("robotslint").setup, and has opened a robots.txt reading
-- "User-agent: *\nDisalow: /private\n". This checks that:
--   - the buffer's filetype is robots, and its syntax is this plugin's
--     (Vim's own syntax/robots.vim has no robotsUserAgent group);
--   - a client named robotslint is attached, and reports the diagnostic
--     misspelled-directive with the severity ROBOTSLINT_WANT_SEVERITY
--     (a vim.diagnostic.severity name), which settings may change;
--   - staging.robots.txt, next to it, also gets filetype robots and the
--     same client (on 0.7 the plugin reuses clients itself);
--   - page.html, whose robots META tag reads "noidex", gets the client and
--     the diagnostic unknown-indexing-rule when ROBOTSLINT_WANT_HTML is
--     true (setup's html option), and no robotslint client otherwise.
-- Progress goes to stderr. Everything runs under pcall: under --headless
-- an uncaught error waits for a key press. Success ends with :qall!,
-- failure with :cquit 1 after the reason.

local t0 = (vim.uv or vim.loop).hrtime()

local function step(fmt, ...)
  local ms = math.floor(((vim.uv or vim.loop).hrtime() - t0) / 1e6)
  io.stderr:write(string.format("[%5d ms] ", ms) .. string.format(fmt, ...) .. "\n")
end

local function check(cond, fmt, ...)
  if not cond then
    error(string.format(fmt, ...), 0)
  end
end

local function wait(what, cond)
  if not vim.wait(20000, cond, 20) then
    error("timed out after 20 s waiting for " .. what, 0)
  end
end

local function clients(bufnr)
  if vim.lsp.get_clients then -- 0.10 and later
    return vim.lsp.get_clients({ bufnr = bufnr })
  end
  return vim.tbl_values(vim.lsp.buf_get_clients(bufnr))
end

local function robotslint_client(bufnr)
  for _, c in ipairs(clients(bufnr)) do
    if c.name == "robotslint" then
      return c
    end
  end
end

local function find(bufnr, code)
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if d.code == code then
      return d
    end
  end
end

-- expect waits for the buffer bufnr to be a robots buffer with the
-- diagnostic, and returns its client.
local function expect(bufnr, want_severity)
  local name = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(bufnr), ":t")
  check(vim.bo[bufnr].filetype == "robots", "%s: filetype is %q, want robots", name, vim.bo[bufnr].filetype)
  step("%s: filetype robots", name)
  local client
  wait(name .. ": a client named robotslint to attach", function()
    client = robotslint_client(bufnr)
    return client ~= nil
  end)
  step("%s: client %d (robotslint) attached, root %s", name, client.id, tostring(client.config.root_dir))
  local d
  wait(name .. ": the diagnostic misspelled-directive", function()
    d = find(bufnr, "misspelled-directive")
    return d ~= nil
  end)
  step("%s: diagnostic %s (severity %s) on line %d: %s", name, d.code, vim.diagnostic.severity[d.severity], d.lnum + 1, d.message)
  check(d.lnum == 1, "%s: the diagnostic is on line %d, want 2", name, d.lnum + 1)
  check(d.severity == want_severity, "%s: severity %s, want %s", name, tostring(d.severity), tostring(want_severity))
  return client
end

local function main()
  local v = vim.version()
  step("nvim %d.%d.%d", v.major, v.minor, v.patch)
  local want = os.getenv("ROBOTSLINT_WANT_SEVERITY") or "ERROR"
  local want_severity = vim.diagnostic.severity[want]
  check(want_severity, "unknown severity %q", want)

  local bufnr = vim.api.nvim_get_current_buf()
  check(vim.fn.fnamemodify(vim.api.nvim_buf_get_name(bufnr), ":t") == "robots.txt", "the current buffer is not robots.txt")
  local syn = function(line)
    return vim.fn.synIDattr(vim.fn.synID(line, 1, 1), "name")
  end
  check(syn(1) == "robotsUserAgent", "syntax: line 1 starts with %q, want robotsUserAgent", syn(1))
  check(syn(2) == "robotsKey", "syntax: line 2 starts with %q, want robotsKey", syn(2))
  step("syntax: robotsUserAgent, robotsKey")

  local first = expect(bufnr, want_severity)

  vim.cmd("edit staging.robots.txt")
  local second = expect(vim.api.nvim_get_current_buf(), want_severity)
  check(second.id == first.id, "staging.robots.txt has client %d, robots.txt client %d: want one client", second.id, first.id)
  step("staging.robots.txt: same client")

  vim.cmd("edit page.html")
  local page = vim.api.nvim_get_current_buf()
  check(vim.bo[page].filetype == "html", "page.html: filetype is %q, want html", vim.bo[page].filetype)
  if os.getenv("ROBOTSLINT_WANT_HTML") == "true" then
    local d
    wait("page.html: the diagnostic unknown-indexing-rule", function()
      d = find(page, "unknown-indexing-rule")
      return d ~= nil
    end)
    step("page.html: diagnostic %s on line %d: %s", d.code, d.lnum + 1, d.message)
    check(d.lnum == 2, "page.html: the diagnostic is on line %d, want 3", d.lnum + 1)
    check(robotslint_client(page).id == first.id, "page.html has another client than robots.txt")
  else
    vim.wait(200)
    check(robotslint_client(page) == nil, "page.html: robotslint attached, but html is off")
    step("page.html: no robotslint client")
  end
end

local ok, err = pcall(main)
if ok then
  step("ok")
  vim.cmd("qall!")
else
  step("FAIL: %s", tostring(err))
  vim.cmd("cquit 1")
end
