package urnns

import (
	"fmt"
	"strings"

	"github.com/urilint/urilint/extract/grammar"
)

// PublicID is urn:publicid: (RFC 3151 section 2).
var PublicID = Namespace{
	NID:  "publicid",
	Spec: "RFC 3151 section 2",
	Syntax: `the public identifier transcribed: whitespace normalized and written "+", "//" written ":", "::" ` +
		`written ";", and a literal "+", ":", "/", ";", "'", "?", "#" and "%" percent-encoded; so no "//", no ` +
		`single "/", no "++" and no "+" first or last`,
	Check: checkPublicID,
}

func checkPublicID(nss string) []grammar.Violation {
	at, what := -1, ""
	for i := 0; at < 0 && i < len(nss); i++ {
		switch {
		case strings.HasPrefix(nss[i:], "//"):
			at, what = i, `an unconverted "//": RFC 3151 writes it ":"`
		case nss[i] == '/':
			at, what = i, `a literal "/": RFC 3151 writes it %2F`
		case strings.HasPrefix(nss[i:], "++"):
			at, what = i, `"++": whitespace is normalized before the transcription, so "+" never repeats`
		case strings.HasPrefix(nss[i:], "%20"):
			at, what = i, `"%20": RFC 3151 writes a space "+"`
		case nss[i] == '\'':
			at, what = i, `a literal "'": RFC 3151 writes it %27`
		}
	}
	switch {
	case at >= 0:
	case strings.HasPrefix(nss, "+") && !strings.HasPrefix(nss, "+:"):
		at, what = 0, `a "+" (a space) first: whitespace is normalized before the transcription`
	case strings.HasSuffix(nss, "+"):
		at, what = len(nss)-1, `a "+" (a space) last: whitespace is normalized before the transcription`
	default:
		return nil
	}
	fix := transcribe(untranscribe(nss))
	msg := grammar.Messagef(`%s (RFC 3151 section 2)`, what)
	if fix != nss {
		msg += grammar.Messagef(`: the URN is %q`, "urn:publicid:"+fix)
	} else {
		fix = ""
	}
	end := at + 1
	if strings.HasPrefix(nss[at:], "//") || strings.HasPrefix(nss[at:], "++") {
		end = at + 2
	} else if strings.HasPrefix(nss[at:], "%20") {
		end = at + 3
	}
	return []grammar.Violation{{Start: at, End: end, Message: msg, FixEnd: len(nss), Fix: fix}}
}

// untranscribe reads an NSS back into the public identifier it stands
// for, keeping what was not transcribed ("//", a space) as it is.
func untranscribe(nss string) string {
	var b strings.Builder
	for i := 0; i < len(nss); i++ {
		switch c := nss[i]; {
		case c == '/' && i+1 < len(nss) && nss[i+1] == '/':
			b.WriteString("//")
			i++
		case c == '+':
			b.WriteByte(' ')
		case c == ':':
			b.WriteString("//")
		case c == ';':
			b.WriteString("::")
		case c == '%' && i+2 < len(nss) && grammar.IsHex(nss[i+1]) && grammar.IsHex(nss[i+2]):
			b.WriteByte(grammar.HexValue(nss[i+1])<<4 | grammar.HexValue(nss[i+2]))
			i += 2
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// transcribe writes a public identifier as the NSS of a publicid URN
// (RFC 3151 section 2).
func transcribe(id string) string {
	id = strings.Join(strings.Fields(id), " ")
	var b strings.Builder
	for i := 0; i < len(id); i++ {
		switch c := id[i]; {
		case c == ' ':
			b.WriteByte('+')
		case strings.HasPrefix(id[i:], "//"):
			b.WriteByte(':')
			i++
		case strings.HasPrefix(id[i:], "::"):
			b.WriteByte(';')
			i++
		case strings.IndexByte("+:/;'?#%", c) >= 0:
			fmt.Fprintf(&b, "%%%02X", c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
