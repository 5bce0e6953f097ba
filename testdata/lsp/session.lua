-- The editing session of the end-to-end test: wait for the diagnostics of
-- the open buffer, write them, apply the first quick fix offered for the
-- first of them, wait for the diagnostics to change, write them again, and
-- quit. Each diagnostic is written "line:col-endline:endcol severity code"
-- (0-based lines, byte columns, as Neovim keeps them).
local buf = vim.api.nvim_get_current_buf()
local out = {}

local function code(d)
  if d.code then return d.code end
  local lsp = d.user_data and d.user_data.lsp
  return lsp and lsp.code or "?"
end

local function dump(label)
  table.insert(out, label)
  local ds = vim.diagnostic.get(buf)
  table.sort(ds, function(a, b)
    if a.lnum ~= b.lnum then return a.lnum < b.lnum end
    return a.col < b.col
  end)
  for _, d in ipairs(ds) do
    table.insert(out, string.format("%d:%d-%d:%d %d %s", d.lnum, d.col, d.end_lnum, d.end_col, d.severity, code(d)))
  end
end

local function finish(ok)
  if not ok then table.insert(out, "timeout") end
  vim.fn.writefile(out, os.getenv("URILINT_OUT"))
  vim.cmd("qa!")
end

if not vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 20) then
  finish(false)
  return
end
dump("opened")

-- The quick fix for the unencoded character on line 3.
local client = (vim.lsp.get_clients or vim.lsp.get_active_clients)({ bufnr = buf })[1]
local first = nil
for _, d in ipairs(vim.diagnostic.get(buf)) do
  if code(d) == "percent-unencoded" and (first == nil or d.col < first.col) then first = d end
end
local params = {
  textDocument = { uri = vim.uri_from_bufnr(buf) },
  range = {
    start = { line = first.lnum, character = 0 },
    ["end"] = { line = first.lnum, character = 0 },
  },
  context = { diagnostics = {}, only = { "quickfix" } },
}
-- Ask for the actions of the whole line: character 0 to the line's end.
params.range["end"].character = 200
local results = vim.lsp.buf_request_sync(buf, "textDocument/codeAction", params, 5000)
local applied = false
for _, res in pairs(results or {}) do
  for _, action in ipairs(res.result or {}) do
    if not applied and action.edit and action.isPreferred then
      table.insert(out, "apply: " .. action.title)
      vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding or "utf-16")
      applied = true
    end
  end
end
local before = #vim.diagnostic.get(buf)
local changed = vim.wait(20000, function() return #vim.diagnostic.get(buf) < before end, 20)
dump("after the fix")
table.insert(out, "line 3: " .. vim.api.nvim_buf_get_lines(buf, 2, 3, false)[1])
finish(changed)
