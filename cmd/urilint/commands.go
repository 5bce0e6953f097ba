package main

// command is one of urilint's commands: how it runs, and what the usage,
// the help, the completion scripts and the man page say of it besides its
// flags, which they read from the command's own flag set (see describe).
type command struct {
	name string
	run  func(e *env, args []string) int
	// args and summary are its line in urilint's usage:
	// "urilint NAME ARGS   SUMMARY".
	args, summary string
	// sub is the word that comes before its flags and arguments, for a
	// command that has one ("config print").
	sub string
	// operands are what its arguments are, for completion.
	operands operand
	// examples are shown by its -h and the man page; TestExamples runs
	// each.
	examples []example
}

// operand is what the arguments of a command are.
type operand uint8

const (
	noOperand      operand = iota // none, or values completion cannot guess
	pathOperands                  // files and directories
	dirOperand                    // a directory
	ruleOperands                  // rule names
	commandOperand                // a command name
	shellOperand                  // a shell, for completion
)

// example is a command line to copy and what it does. The command line
// is one for bash, in a directory holding the documents of TestExamples,
// where it exits with exit.
type example struct {
	line, what string
	exit       int
}

// commands lists urilint's commands in the order of its usage. It is a
// function, not a variable, because help reads the list it is in.
func commands() []*command {
	return []*command{
		{
			name: "check", run: runCheck, args: "[flags] PATH...", operands: pathOperands,
			summary: "report what is wrong with every URI and URN in files and directories",
			examples: []example{
				{"urilint check .", "Lint the documents under the working directory; exit 1 if an error is found.", exitFindings},
				{"urilint check --fail-level warning docs", "Lint docs, and exit 1 on a warning too.", exitFindings},
				{"urilint check --fail-level none --quiet README.md", "Print what is wrong with one file, and exit 0 whatever is found.", exitOK},
				{"urilint check --diff README.md", "Print the safe fixes as a diff and change nothing; exit 1 when there is one.", exitFindings},
				{"urilint check --fix .", "Apply the safe fixes in place, then report what is left (exit 1: an error is left).", exitFindings},
				{"urilint check --format sarif --output urilint.sarif .", "Write the findings as SARIF for code scanning; exit 1 as above.", exitFindings},
				{"urilint check --strict --no-config docs/guide.md", "Every rule, to the letter of the RFCs, with no configuration file.", exitOK},
				{"urilint check --list-files .", "Print the files that would be linted, and stop.", exitOK},
				{"urilint explain percent-unencoded", "Explain a rule named in a report: what it checks, why, and its fixes.", exitOK},
			},
		},
		{
			name: "extract", run: runExtract, args: "[flags] PATH...", operands: pathOperands,
			summary: "list every URI and URN found in files and directories",
			examples: []example{
				{"urilint extract README.md", "List the URIs and URNs of one file, with their positions.", exitOK},
				{"urilint extract --format jsonl --include-code-blocks docs", "One JSON object per URI, code blocks read too.", exitOK},
			},
		},
		{
			name: "validate", run: runValidate, args: "[flags] VALUE...",
			summary: `check values given on the command line (or "-" for stdin)`,
			examples: []example{
				{"urilint validate 'https://example.com/a%20b'", "Check one URI: valid, with what the rules find in it.", exitOK},
				{"urilint validate --as urn --urn-syntax rfc2141 urn:isbn:0451450523", "Check a URN against the 1997 syntax.", exitOK},
				{"urilint validate --format json - < urls.txt", "Check a value per line of a file, as JSON; exit 1: one is invalid.", exitFindings},
			},
		},
		{
			name: "rules", run: runRules,
			summary: "list the rules",
			examples: []example{
				{"urilint rules", "Each rule: its ID, category, severity, whether it is on by default, and title.", exitOK},
			},
		},
		{
			name: "explain", run: runExplain, args: "RULE...", operands: ruleOperands,
			summary: "document a rule",
			examples: []example{
				{"urilint explain percent-lowercase", "What the rule reports, why, and its fix.", exitOK},
				{"urilint explain percent-malformed urn-nid-unregistered", "Several rules, one after the other.", exitOK},
			},
		},
		{
			name: "init", run: runInit, args: "[DIR]", operands: dirOperand,
			summary: "write a commented starter .urilint.yaml",
			examples: []example{
				{"urilint init", "Write .urilint.yaml here, every key commented with its default.", exitOK},
				{"urilint init --force docs", "Write docs/.urilint.yaml, replacing one that is there.", exitOK},
			},
		},
		{
			name: "config", run: runConfig, sub: "print", args: "print [PATH]", operands: pathOperands,
			summary: "show the configuration a file or directory is linted with",
			examples: []example{
				{"urilint config print docs/guide.md", "The settings and rule severities that file is linted with, as YAML.", exitOK},
				{"urilint config print --no-config", "The defaults.", exitOK},
			},
		},
		{
			name: "lsp", run: runLSP,
			summary: "run the language server, for editors (over stdin and stdout)",
			examples: []example{
				{"urilint lsp < /dev/null", "An editor starts it and talks over stdin and stdout; ended without a shutdown request, it exits 1.", exitFindings},
			},
		},
		{
			name: "completion", run: runCompletion, args: "bash|zsh|fish", operands: shellOperand,
			summary: "print the completion script of a shell",
			examples: []example{
				{`eval "$(urilint completion bash)"`, "Complete urilint's commands, flags and values in this bash (in ~/.bashrc: every bash).", exitOK},
				{"urilint completion zsh > ~/.zfunc/_urilint", "For zsh, a file _urilint in a directory of $fpath (here ~/.zfunc).", exitOK},
				{"urilint completion fish > ~/.config/fish/completions/urilint.fish", "For fish, where it looks for completions.", exitOK},
			},
		},
		{
			name: "version", run: runVersion,
			summary: "print the version (also: --version)",
			examples: []example{
				{"urilint version", "The module version urilint was built from.", exitOK},
			},
		},
		{
			name: "help", run: runHelp, args: "[--man] [COMMAND]", operands: commandOperand,
			summary: "show this help, a command's flags and examples, or the man page (also: -h, --help)",
			examples: []example{
				{"urilint help check", "The flags and examples of check (as urilint check -h).", exitOK},
				{"urilint help --man > urilint.1", "Write the man page, for man -l urilint.1 (or a man directory).", exitOK},
			},
		},
	}
}

// lookup returns the command named name, or nil.
func lookup(name string) *command {
	for _, c := range commands() {
		if c.name == name {
			return c
		}
	}
	return nil
}

// commandNames lists the names of the commands, in order.
func commandNames() []string {
	var names []string
	for _, c := range commands() {
		names = append(names, c.name)
	}
	return names
}
