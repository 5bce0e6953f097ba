-- A minimal Neovim configuration for the end-to-end test of urilint lsp
-- (cmd/urilint/neovim_test.go), written for Neovim 0.7 and later: it
-- attaches the server to Markdown buffers with the built-in client.
vim.api.nvim_create_autocmd("FileType", {
  pattern = "markdown",
  callback = function(args)
    local id = vim.lsp.start_client({
      name = "urilint",
      cmd = { os.getenv("URILINT_BIN"), "lsp" },
      root_dir = vim.fn.getcwd(),
    })
    vim.lsp.buf_attach_client(args.buf, id)
  end,
})
