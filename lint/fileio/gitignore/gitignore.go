// Package gitignore decides which paths of a git repository its ignore
// files ignore, as git does: .gitignore files and .git/info/exclude,
// read as gitignore(5) says and matched with git's wildmatch rules. It
// does no I/O: the caller reads the files, walks the tree and asks about
// each entry.
//
// A file holds a pattern a line. Blank lines match nothing; a line
// starting with "#" is a comment ("\#" starts a pattern with "#"); a
// trailing "\r" is dropped (CRLF files), and so are trailing spaces unless
// the last is escaped ("\ "); a UTF-8 byte order mark at the start of the
// file is skipped. A leading "!" negates the pattern: a path it matches is
// not ignored ("\!" starts a pattern with "!"). A trailing "/" makes the
// pattern match directories only. A pattern with no other slash matches
// the last element of a path, at any depth below the file's directory;
// one with a slash at the start or in the middle is matched against the
// whole path from the file's directory (a leading slash only anchors it).
// "*" matches any run of bytes but "/", "?" one byte but "/", "[...]" one
// byte of a set but "/" (ranges, "!" or "^" to negate, "]" first is a
// member, classes such as "[:alpha:]" in ASCII), "\" escapes the next
// byte. "**" between slashes or at either end matches any number of whole
// directories ("**/foo", "a/**/b", "abc/**", which matches what is inside
// abc but not abc itself); elsewhere it is a "*". Matching is byte by byte
// and case-sensitive (git's core.ignoreCase false).
//
// Where git's code and gitignore(5) differ, this package follows the code:
// a "**" that follows the pattern's literal start ("ab**/c", "x/ab**") also
// crosses slashes, since git matches that start separately and hands the
// rest to wildmatch; a pattern with an unclosed "[", an unknown class or a
// lone trailing "\" matches nothing; "[[:space:]]" is " ", tab, newline and
// carriage return only.
//
// The last pattern that matches a path decides whether it is ignored.
// Patterns are passed in increasing precedence: .git/info/exclude, then
// the repository's root .gitignore, then each .gitignore down to the
// path's directory, each file's in its order. Match answers for the path
// itself, not for the directories it is in: git does not look inside an
// ignored directory, so that nothing in it can be re-included, and a walk
// must not descend into a directory Match ignores either.
//
// The tests run every case against git check-ignore: the examples of
// gitignore(5), a table of tricky patterns, and the trees of real
// documentation repositories with typical .gitignore files.
package gitignore

import (
	"bytes"
	"strings"
)

// A Pattern is one pattern of a gitignore file.
type Pattern struct {
	base    string // the directory of the file, from the root: "" or "dir/"
	negate  bool   // "!": what it matches is not ignored
	dirOnly bool   // a trailing "/": it matches directories only
	name    bool   // no slash: matched against a path's last element
	kind    kind
	text    string  // kindLiteral: the name or path; kindSuffix: the suffix
	prog    []instr // kindGlob
	line    int     // its line in the file, from 1
}

type kind uint8

const (
	kindLiteral kind = iota // no wildcards: the subject equals text
	kindSuffix              // "*" then no wildcards: the name ends with text
	kindGlob                // prog matches the subject
)

// Parse returns the patterns of a gitignore file, content, in the
// directory dir: its slash-separated path from the repository's root, ""
// for the root (and for .git/info/exclude). Lines that can match nothing
// (blank, comments, a bad pattern) are left out.
func Parse(content []byte, dir string) []Pattern {
	content = bytes.TrimPrefix(content, []byte("\ufeff"))
	base := ""
	if dir != "" {
		base = dir + "/"
	}
	var ps []Pattern
	for n := 1; len(content) > 0; n++ {
		line := content
		if i := bytes.IndexByte(content, '\n'); i >= 0 {
			line, content = content[:i], content[i+1:]
		} else {
			content = nil
		}
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		if p, ok := parseLine(string(line), base); ok {
			p.line = n
			ps = append(ps, p)
		}
	}
	return ps
}

// parseLine parses a line that is not empty or a comment.
func parseLine(line, base string) (Pattern, bool) {
	line = strings.TrimSuffix(line, "\r")
	if i := strings.IndexByte(line, 0); i >= 0 {
		line = line[:i] // git reads the line as a C string
	}
	line = trimTrailingSpaces(line)
	p := Pattern{base: base}
	if strings.HasPrefix(line, "!") {
		p.negate = true
		line = line[1:]
	}
	if strings.HasSuffix(line, "/") {
		p.dirOnly = true
		line = line[:len(line)-1]
	}
	p.name = !strings.Contains(line, "/")
	if !p.name {
		line = strings.TrimPrefix(line, "/")
	}
	if line == "" {
		return p, false // a subject is never empty
	}
	wild := strings.IndexAny(line, `*?[\`)
	switch {
	case wild < 0:
		p.kind, p.text = kindLiteral, line
	case p.name && line[0] == '*' && !strings.ContainsAny(line[1:], `*?[\`):
		p.kind, p.text = kindSuffix, line[1:]
	default:
		prog, ok := compile(line, !p.name, wild)
		if !ok {
			return p, false
		}
		p.kind, p.prog = kindGlob, prog
	}
	return p, true
}

// trimTrailingSpaces drops the spaces that end line, unless escaped: "a\ "
// keeps its last space, "a\\ " does not. A line ending in a lone backslash
// is kept whole.
func trimTrailingSpaces(line string) string {
	end := len(line)
	spaces := -1 // where the run of trailing spaces starts
	for i := 0; i < end; i++ {
		switch line[i] {
		case ' ':
			if spaces < 0 {
				spaces = i
			}
			continue
		case '\\':
			i++
			if i == end {
				return line
			}
		}
		spaces = -1
	}
	if spaces >= 0 {
		return line[:spaces]
	}
	return line
}

// Match reports whether the patterns ignore path, a slash-separated path
// from the repository's root: the last pattern that matches decides (see
// the package comment for the order). isDir is true for a directory, not
// for a symbolic link to one (git does not follow links). The directories
// path is in are not looked at: the caller has not descended into an
// ignored one.
func Match(patterns []Pattern, path string, isDir bool) bool {
	i := decide(patterns, path, isDir)
	return i >= 0 && !patterns[i].negate
}

// decide returns the index of the last of patterns that matches path, or
// -1 when none does.
func decide(patterns []Pattern, path string, isDir bool) int {
	name := path[strings.LastIndexByte(path, '/')+1:]
	for i := len(patterns) - 1; i >= 0; i-- {
		if patterns[i].matches(path, name, isDir) {
			return i
		}
	}
	return -1
}

// matches reports whether the pattern matches path, whose last element is
// name.
func (p *Pattern) matches(path, name string, isDir bool) bool {
	if p.dirOnly && !isDir || len(path) <= len(p.base) || !strings.HasPrefix(path, p.base) {
		return false
	}
	subject := name
	if !p.name {
		subject = path[len(p.base):]
	}
	switch p.kind {
	case kindLiteral:
		return subject == p.text
	case kindSuffix:
		return strings.HasSuffix(subject, p.text)
	}
	return match(p.prog, subject)
}
