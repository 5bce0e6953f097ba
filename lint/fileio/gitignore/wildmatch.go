package gitignore

import "strings"

// A pattern with wildcards is compiled to a program of instructions, each
// matching one byte or a run of bytes, and run by match.
type instr struct {
	op  op
	b   byte     // opByte
	set *byteSet // opSet
}

type op uint8

const (
	opByte     op = iota // the byte b
	opAny                // "?": one byte but '/'
	opSet                // "[...]": one byte of set ('/' never is)
	opStar               // "*": any run of bytes but '/'
	opAnything           // "**" at the end, or before "\/": any run of bytes
	opDirs               // "**/": nothing, or any run of bytes that ends with '/'
)

// byteSet is a set of bytes, a bit each.
type byteSet [4]uint64

func (s *byteSet) has(c byte) bool { return s[c>>6]&(1<<(c&63)) != 0 }

func (s *byteSet) add(lo, hi byte) {
	for c := int(lo); c <= int(hi); c++ {
		s[c>>6] |= 1 << (c & 63)
	}
}

// compile compiles pat, whose first wildcard or backslash is at wild, for
// matching a whole path (pathname) or a name. It returns false for a
// pattern that can match nothing: a lone trailing backslash, an unclosed
// "[" or an unknown class, which make git's wildmatch give up whatever the
// path.
func compile(pat string, pathname bool, wild int) ([]instr, bool) {
	prog := make([]instr, 0, len(pat))
	for i := 0; i < len(pat); {
		switch c := pat[i]; c {
		case '\\':
			if i+1 == len(pat) {
				return nil, false
			}
			prog = append(prog, instr{op: opByte, b: pat[i+1]})
			i += 2
		case '?':
			prog = append(prog, instr{op: opAny})
			i++
		case '[':
			set, next, ok := parseSet(pat, i)
			if !ok {
				return nil, false
			}
			prog = append(prog, instr{op: opSet, set: set})
			i = next
		case '*':
			j := i + 1
			for j < len(pat) && pat[j] == '*' {
				j++
			}
			op := opStar
			// Within a name (no slash in it), every star is "*". In a
			// path, git's wildmatch makes two or more stars "**" when
			// they start the pattern, follow a slash, or follow the
			// literal start that git compares on its own before
			// wildmatch sees the rest (so they start wildmatch's
			// pattern), and end it or precede a slash.
			if pathname && j-i >= 2 && (i == 0 || pat[i-1] == '/' || i == wild) {
				switch {
				case j == len(pat):
					op = opAnything
				case pat[j] == '/':
					op = opDirs
					j++
				case strings.HasPrefix(pat[j:], `\/`):
					op = opAnything // no shortcut for no directory: `\/` must match
				}
			}
			prog = append(prog, instr{op: op})
			i = j
		default:
			prog = append(prog, instr{op: opByte, b: c})
			i++
		}
	}
	return prog, true
}

// parseSet parses the bracket expression at pat[i] == '[', as git's
// wildmatch reads it: "!" or "^" first negates; the first member may be
// "]"; "\" escapes a byte; "a-z" is a range (a "-" first, last, or after a
// range or class is itself); "[:name:]" is a class, and a "[:" without a
// closing ":]" is the byte "[" then the rest. It returns the set, where
// the expression ends, and false when it is unclosed or names an unknown
// class.
func parseSet(pat string, i int) (*byteSet, int, bool) {
	set := new(byteSet)
	i++
	negate := i < len(pat) && (pat[i] == '!' || pat[i] == '^')
	if negate {
		i++
	}
	var prev byte // the last member, the start of a range; 0 for none
	for first := true; ; first = false {
		if i >= len(pat) {
			return nil, 0, false
		}
		c := pat[i]
		switch {
		case c == ']' && !first:
			if negate {
				for k := range set {
					set[k] = ^set[k]
				}
			}
			set[0] &^= 1 << '/'
			return set, i + 1, true
		case c == '\\':
			i++
			if i == len(pat) {
				return nil, 0, false
			}
			c = pat[i]
			set.add(c, c)
			prev = c
		case c == '-' && prev != 0 && i+1 < len(pat) && pat[i+1] != ']':
			i++
			hi := pat[i]
			if hi == '\\' {
				i++
				if i == len(pat) {
					return nil, 0, false
				}
				hi = pat[i]
			}
			set.add(prev, hi)
			prev = 0
		case c == '[' && i+1 < len(pat) && pat[i+1] == ':':
			end := strings.IndexByte(pat[i+2:], ']')
			if end < 0 {
				return nil, 0, false
			}
			end += i + 2
			if end-(i+2) < 1 || pat[end-1] != ':' {
				set.add('[', '[') // not a class: "[" is a member, and ":" next
				prev = '['
				break
			}
			if !addClass(set, pat[i+2:end-1]) {
				return nil, 0, false
			}
			prev = 0
			i = end
		default:
			set.add(c, c)
			prev = c
		}
		i++
	}
}

// addClass adds the bytes of the class name to set, as git's ctype has
// them (ASCII only; "space" is not vertical tab or form feed), or returns
// false for an unknown name.
func addClass(set *byteSet, name string) bool {
	switch name {
	case "alnum":
		set.add('0', '9')
		set.add('A', 'Z')
		set.add('a', 'z')
	case "alpha":
		set.add('A', 'Z')
		set.add('a', 'z')
	case "blank":
		set.add(' ', ' ')
		set.add('\t', '\t')
	case "cntrl":
		set.add(0, 31)
		set.add(127, 127)
	case "digit":
		set.add('0', '9')
	case "graph":
		set.add('!', '~')
	case "lower":
		set.add('a', 'z')
	case "print":
		set.add(' ', '~')
	case "punct":
		set.add('!', '/')
		set.add(':', '@')
		set.add('[', '`')
		set.add('{', '~')
	case "space":
		set.add(' ', ' ')
		set.add('\t', '\n')
		set.add('\r', '\r')
	case "upper":
		set.add('A', 'Z')
	case "xdigit":
		set.add('0', '9')
		set.add('A', 'F')
		set.add('a', 'f')
	default:
		return false
	}
	return true
}

// match reports whether prog matches all of s. It backtracks to the last
// star only, never further: a "*" that cannot take one more byte (the end,
// or a '/') hands over to the last "**" before it, which takes one more
// byte (or directory), and a "*" or "**" met supersedes the stars before
// it, since whatever those could take the later one can take too. The
// time is at most proportional to len(prog)·len(s) for each extension of
// a "**", with no exponential blow-up on many stars.
func match(prog []instr, s string) bool {
	pc, i := 0, 0
	star, starI := -1, 0 // after the last "*": where to resume, and what it took
	dirs, dirsI := -1, 0 // likewise for the last "**" or "**/"
	for {
		if pc < len(prog) {
			in := &prog[pc]
			switch in.op {
			case opStar:
				star, starI = pc+1, i
				pc++
				continue
			case opAnything:
				if pc == len(prog)-1 {
					return true
				}
				fallthrough
			case opDirs:
				dirs, dirsI = pc+1, i
				star = -1
				pc++
				continue
			default:
				if i < len(s) && in.matches(s[i]) {
					pc++
					i++
					continue
				}
			}
		} else if i == len(s) {
			return true
		}
		// A mismatch: the last "*" takes one more byte of its name, or
		// else the last "**" one more byte or directory.
		switch {
		case star >= 0 && starI < len(s) && s[starI] != '/':
			starI++
			pc, i = star, starI
		case dirs >= 0 && prog[dirs-1].op == opAnything && dirsI < len(s):
			dirsI++
			pc, i, star = dirs, dirsI, -1
		case dirs >= 0 && prog[dirs-1].op == opDirs:
			slash := strings.IndexByte(s[dirsI:], '/')
			if slash < 0 {
				return false
			}
			dirsI += slash + 1
			pc, i, star = dirs, dirsI, -1
		default:
			return false
		}
	}
}

// matches reports whether the instruction, one that matches one byte,
// matches c.
func (in *instr) matches(c byte) bool {
	switch in.op {
	case opByte:
		return c == in.b
	case opAny:
		return c != '/'
	}
	return in.set.has(c)
}
