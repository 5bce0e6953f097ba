package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint/report"
	"github.com/urilint/urilint/rules"
)

// shells are the shells urilint completion writes a script for.
var shells = []string{"bash", "zsh", "fish"}

func runCompletion(e *env, args []string) int {
	fs := newFlags(e, "completion", "bash|zsh|fish")
	rest, code := fs.parse(args)
	if code >= 0 {
		return code
	}
	if len(rest) != 1 {
		return usageError(e.stderr, "completion", errors.New("give one shell: bash, zsh or fish"))
	}
	if err := oneOf("shell", rest[0], shells); err != nil {
		return usageError(e.stderr, "completion", fmt.Errorf("unknown shell %q (want bash, zsh or fish)", rest[0]))
	}
	cmds := completionCommands()
	var script string
	switch rest[0] {
	case "bash":
		script = bashCompletion(cmds)
	case "zsh":
		script = zshCompletion(cmds)
	case "fish":
		script = fishCompletion(cmds)
	}
	_, err := io.WriteString(e.stdout, script)
	return written(err, e.stderr)
}

// complCommand is what completion knows of a command.
type complCommand struct {
	*command
	flags []complFlag
}

// complFlag is what completion knows of a flag.
type complFlag struct {
	name    string
	boolean bool
	values  []string // the values it takes, when it takes one of a list
	rules   bool     // it takes rule names
	files   bool     // it takes a file name
	help    string   // what it does, short
}

// dashed is the flag as completion offers it: "--format", "-j".
func (f complFlag) dashed() string { return dashed(f.name) }

// completionCommands returns the commands with their flags, read from
// their flag sets.
func completionCommands() []complCommand {
	var out []complCommand
	for _, c := range commands() {
		cc := complCommand{command: c}
		c.describe().VisitAll(func(f *flag.Flag) {
			valueName, usage := flag.UnquoteUsage(f)
			cf := complFlag{name: f.Name, help: shortHelp(usage), values: flagValues(c.name, f.Name)}
			if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
				cf.boolean = true
			}
			switch valueName {
			case "file", "path":
				cf.files = true
			case "rule", "rules":
				cf.rules = true
			}
			cc.flags = append(cc.flags, cf)
		})
		out = append(out, cc)
	}
	return out
}

// flagValues returns the values of a flag of the command cmd that takes
// one of a list, or nil: the lists the commands check the values with.
// TestCompletionValues checks each against what the command accepts, and
// that every flag that takes one of a list is here.
func flagValues(cmd, name string) []string {
	switch cmd + " --" + name {
	case "check --format":
		return report.DiagnosticFormats
	case "extract --format":
		return report.CandidateFormats
	case "validate --format":
		return []string{"text", "json"}
	case "check --fail-level":
		return failLevels
	case "check --report-level":
		return reportLevels
	case "check --color":
		return []string{"auto", "always", "never"}
	case "check --urn-syntax", "validate --urn-syntax":
		return []string{grammar.RFC8141.String(), grammar.RFC2141.String()}
	case "validate --as":
		var names []string
		for a := grammar.AsAuto; a <= grammar.AsURN; a++ {
			names = append(names, a.String())
		}
		return names
	}
	return nil
}

// shortHelp is the first part of a flag's usage, up to a colon, a
// parenthesis or a semicolon: "output format".
func shortHelp(usage string) string {
	if i := strings.IndexAny(usage, ":(;"); i > 0 {
		usage = usage[:i]
	}
	return strings.TrimSpace(usage)
}

// operandWords returns the words completion offers as the arguments of
// c, for the operands that are a list.
func operandWords(c *command) []string {
	switch c.operands {
	case ruleOperands:
		return ruleNames()
	case commandOperand:
		return commandNames()
	case shellOperand:
		return shells
	}
	return nil
}

// valueFlags returns the flags of c that take a value.
func (c complCommand) valueFlags() []complFlag {
	return slices.DeleteFunc(slices.Clone(c.flags), func(f complFlag) bool { return f.boolean })
}

func bashCompletion(cmds []complCommand) string {
	var b strings.Builder
	b.WriteString(`# bash completion for urilint, written by "urilint completion bash".
# Load it from ~/.bashrc with:  eval "$(urilint completion bash)"

_urilint_files() {
    local IFS=$'\n'
    compopt -o filenames 2>/dev/null
    COMPREPLY=( $(compgen -f -- "$cur") )
}

_urilint_dirs() {
    local IFS=$'\n'
    compopt -o filenames 2>/dev/null
    COMPREPLY=( $(compgen -d -- "$cur") )
}

_urilint() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev= flag= i
    (( COMP_CWORD > 0 )) && prev=${COMP_WORDS[COMP_CWORD-1]}
    # bash splits --format=json at "=": complete the value after it.
    if [[ $cur == = ]]; then
        flag=$prev cur=
    elif [[ $prev == = ]] && (( COMP_CWORD > 1 )); then
        flag=${COMP_WORDS[COMP_CWORD-2]}
    fi
    if (( COMP_CWORD == 1 )); then
        COMPREPLY=( $(compgen -W "`)
	b.WriteString(strings.Join(commandNames(), " "))
	b.WriteString(`" -- "$cur") )
        return
    fi
    local cmd=${COMP_WORDS[1]} first=2
    case $cmd in
`)
	for _, c := range cmds {
		if c.sub == "" {
			continue
		}
		fmt.Fprintf(&b, `    %s)
        if (( COMP_CWORD == 2 )); then
            COMPREPLY=( $(compgen -W "%s" -- "$cur") )
            return
        fi
        first=3 ;;
`, c.name, c.sub)
	}
	b.WriteString(`    esac
    # After "--", only arguments.
    local args=
    for (( i = first; i < COMP_CWORD; i++ )); do
        [[ ${COMP_WORDS[i]} == -- ]] && args=1
    done
    # The value of the flag before, when it takes one.
    if [[ -z $flag && -z $args && $prev == -* ]]; then
        flag=$prev
    fi
    flag=${flag#-}
    flag=${flag#-}
    if [[ -n $flag ]]; then
        case "$cmd $flag" in
`)
	for _, c := range cmds {
		for _, f := range c.valueFlags() {
			fmt.Fprintf(&b, "        %q)\n            ", c.name+" "+f.name)
			switch {
			case f.values != nil:
				fmt.Fprintf(&b, `COMPREPLY=( $(compgen -W "%s" -- "$cur") )`, strings.Join(f.values, " "))
			case f.rules:
				fmt.Fprintf(&b, `COMPREPLY=( $(compgen -W "%s" -- "$cur") )`, strings.Join(ruleNames(), " "))
			case f.files:
				b.WriteString("_urilint_files")
			default:
				b.WriteString(":")
			}
			b.WriteString("\n            return ;;\n")
		}
	}
	b.WriteString(`        esac
    fi
    if [[ $cur == -* && -z $args ]]; then
        case $cmd in
`)
	for _, c := range cmds {
		var names []string
		for _, f := range c.flags {
			names = append(names, f.dashed())
		}
		fmt.Fprintf(&b, "        %s) COMPREPLY=( $(compgen -W %q -- \"$cur\") ) ;;\n", c.name, strings.Join(names, " "))
	}
	b.WriteString(`        esac
        return
    fi
    case $cmd in
`)
	for _, c := range cmds {
		switch c.operands {
		case pathOperands:
			fmt.Fprintf(&b, "        %s) _urilint_files ;;\n", c.name)
		case dirOperand:
			fmt.Fprintf(&b, "        %s) _urilint_dirs ;;\n", c.name)
		case ruleOperands, commandOperand, shellOperand:
			fmt.Fprintf(&b, "        %s) COMPREPLY=( $(compgen -W %q -- \"$cur\") ) ;;\n", c.name, strings.Join(operandWords(c.command), " "))
		}
	}
	b.WriteString(`    esac
}

complete -F _urilint urilint
`)
	return b.String()
}

func zshCompletion(cmds []complCommand) string {
	var b strings.Builder
	b.WriteString(`#compdef urilint
# zsh completion for urilint, written by "urilint completion zsh". Save it as
# _urilint in a directory of $fpath, or load it after compinit with:
#   source <(urilint completion zsh)

_urilint() {
  local -a commands
  commands=(
`)
	for _, c := range cmds {
		fmt.Fprintf(&b, "    %s\n", zshQuote(c.name+":"+c.summary))
	}
	b.WriteString(`  )
  if (( CURRENT == 2 )); then
    _describe -t commands 'urilint command' commands
    return
  fi
  local cmd=$words[2]
  shift words
  (( CURRENT-- ))
  case $cmd in
`)
	for _, c := range cmds {
		fmt.Fprintf(&b, "    (%s)\n", c.name)
		if c.sub != "" {
			fmt.Fprintf(&b, `      if (( CURRENT == 2 )); then
        compadd %s
        return
      fi
      shift words
      (( CURRENT-- ))
`, c.sub)
		}
		b.WriteString("      _arguments -S")
		for _, f := range c.flags {
			spec := f.dashed()
			if !f.boolean {
				spec += "="
			}
			spec += "[" + zshBracket(f.help) + "]"
			switch {
			case f.boolean:
			case f.values != nil:
				spec += ":" + f.name + ":(" + strings.Join(f.values, " ") + ")"
			case f.rules:
				spec += ":rule:(" + strings.Join(ruleNames(), " ") + ")"
			case f.files:
				spec += ":file:_files"
			default:
				spec += ":" + f.name + ": "
			}
			fmt.Fprintf(&b, " \\\n        %s", zshQuote(spec))
		}
		switch c.operands {
		case pathOperands:
			b.WriteString(" \\\n        '*:path:_files'")
		case dirOperand:
			b.WriteString(" \\\n        '1:directory:_files -/'")
		case ruleOperands:
			fmt.Fprintf(&b, " \\\n        %s", zshQuote("*:rule:("+strings.Join(operandWords(c.command), " ")+")"))
		case commandOperand:
			fmt.Fprintf(&b, " \\\n        %s", zshQuote("1:command:("+strings.Join(operandWords(c.command), " ")+")"))
		case shellOperand:
			fmt.Fprintf(&b, " \\\n        %s", zshQuote("1:shell:("+strings.Join(operandWords(c.command), " ")+")"))
		}
		b.WriteString("\n      ;;\n")
	}
	b.WriteString(`  esac
}

if [[ $funcstack[1] == _urilint ]]; then
  _urilint "$@"
else
  compdef _urilint urilint
fi
`)
	return b.String()
}

// zshQuote quotes s in single quotes for zsh.
func zshQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// zshBracket makes s fit between the brackets of an _arguments spec.
func zshBracket(s string) string {
	return strings.NewReplacer(`\`, `\\`, "[", `\[`, "]", `\]`, ":", `\:`).Replace(s)
}

func fishCompletion(cmds []complCommand) string {
	var b strings.Builder
	b.WriteString(`# fish completion for urilint, written by "urilint completion fish". Save it
# as ~/.config/fish/completions/urilint.fish, or load it with:
#   urilint completion fish | source

# __urilint_using WORD...: the command line starts with urilint WORD...,
# and has more after them.
function __urilint_using
    set -l words (commandline -opc)
    test (count $words) -gt (count $argv); or return 1
    for i in (seq (count $argv))
        set -l j (math $i + 1)
        test "$words[$j]" = "$argv[$i]"; or return 1
    end
end

# __urilint_at WORD...: the word being completed comes right after
# urilint WORD... (no WORD: right after urilint).
function __urilint_at
    set -l words (commandline -opc)
    test (count $words) -eq (math (count $argv) + 1); or return 1
    for i in (seq (count $argv))
        set -l j (math $i + 1)
        test "$words[$j]" = "$argv[$i]"; or return 1
    end
end

complete -c urilint -f
`)
	for _, c := range cmds {
		fmt.Fprintf(&b, "complete -c urilint -n __urilint_at -a %s -d %s\n", c.name, fishQuote(c.summary))
	}
	for _, c := range cmds {
		b.WriteString("\n")
		using := "__urilint_using " + c.name
		if c.sub != "" {
			fmt.Fprintf(&b, "complete -c urilint -n %s -a %s\n", fishQuote("__urilint_at "+c.name), c.sub)
			using += " " + c.sub
		}
		cond := fishQuote(using)
		for _, f := range c.flags {
			opt := "-l " + f.name
			if len(f.name) == 1 {
				opt = "-s " + f.name
			}
			fmt.Fprintf(&b, "complete -c urilint -n %s %s", cond, opt)
			switch {
			case f.boolean:
			case f.values != nil:
				fmt.Fprintf(&b, " -x -a %s", fishQuote(strings.Join(f.values, " ")))
			case f.rules:
				fmt.Fprintf(&b, " -x -a %s", fishQuote(strings.Join(ruleNames(), " ")))
			case f.files:
				b.WriteString(" -r -F")
			default:
				b.WriteString(" -x")
			}
			fmt.Fprintf(&b, " -d %s\n", fishQuote(f.help))
		}
		switch c.operands {
		case pathOperands:
			fmt.Fprintf(&b, "complete -c urilint -n %s -F\n", cond)
		case dirOperand:
			fmt.Fprintf(&b, "complete -c urilint -n %s -a '(__fish_complete_directories (commandline -ct))'\n", cond)
		case ruleOperands:
			for _, r := range rules.All {
				fmt.Fprintf(&b, "complete -c urilint -n %s -a %s -d %s\n", cond, r.Name, fishQuote(r.Doc.Title))
			}
		case commandOperand:
			for _, o := range cmds {
				fmt.Fprintf(&b, "complete -c urilint -n %s -a %s -d %s\n", cond, o.name, fishQuote(o.summary))
			}
		case shellOperand:
			fmt.Fprintf(&b, "complete -c urilint -n %s -a %s\n", cond, fishQuote(strings.Join(shells, " ")))
		}
	}
	return b.String()
}

// fishQuote quotes s in single quotes for fish.
func fishQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, "'", `\'`).Replace(s) + "'"
}
