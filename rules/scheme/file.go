package scheme

import (
	"strings"

	"github.com/urilint/urilint/extract/grammar"
)

// Codes of the file checks.
const (
	FileRelative  Code = "file-relative"   // "file:dir/x": a relative path
	FileUserinfo  Code = "file-userinfo"   // "file://user@host/": no userinfo in file-auth
	FilePort      Code = "file-port"       // "file://host:80/": no port in file-auth
	FileDriveHost Code = "file-drive-host" // "file://c:/x": the drive letter read as a host
	FilePathHost  Code = "file-path-host"  // "file://home/user/x": a directory read as a host
	FileNoPath    Code = "file-no-path"    // "file://host": no path after the host
)

// File checks file URIs (RFC 8089).
var File = Scheme{
	Names: []string{"file"},
	Spec:  "RFC 8089 section 2 and appendix E",
	Syntax: `file-URI = "file:" ( "//" auth-path / local-path ); auth-path = [ file-auth ] path-absolute; ` +
		`local-path = path-absolute; file-auth = "localhost" / host: no userinfo, no port, an absolute path; a ` +
		`DOS drive letter ("file:c:/x", "file:///c:/x") as appendix E.2 allows, but not as the host ` +
		`("file://c:/x"); a directory name such as "home" or "Users" after "//" names a host, so ` +
		`"file://home/me/x" is "file:///home/me/x" short of a "/"`,
	Check: checkFile,
}

// pathHosts are the top directories of common file systems: after
// "file://", such a name is read as a host, and a "/" is missing.
var pathHosts = []string{"home", "usr", "etc", "tmp", "var", "opt", "mnt", "root", "bin", "srv", "Users",
	"Volumes", "Applications", "Library", "System", "private", "media", "Documents", "Desktop"}

func checkFile(u *grammar.Parsed) []grammar.Violation {
	s := u.Input
	colon := u.Scheme.End
	if !u.Authority.Present() {
		p := u.Path.In(s)
		if p == "" || p[0] == '/' || driveLetter(p) {
			return nil
		}
		return []grammar.Violation{{Code: FileRelative, Start: u.Path.Start, End: u.Path.End,
			Message: grammar.Messagef(`file URI with the relative path %q: a file URI's path is absolute (RFC 8089 section 2: local-path = path-absolute)`, p),
			Fix:     "/", FixStart: colon + 1, FixEnd: colon + 1, FixMessage: `start the path with "/"`}}
	}
	var ps []grammar.Violation
	host := u.Host.In(s)
	if u.Userinfo.Present() {
		ps = append(ps, grammar.Violation{Code: FileUserinfo, Start: u.Userinfo.Start, End: u.Userinfo.End + 1,
			Message: grammar.Messagef(`userinfo %q in a file URI: file-auth = "localhost" / host (RFC 8089 section 2)`, u.Userinfo.In(s)+"@")})
	}
	if len(host) == 1 && grammar.IsAlpha(host[0]) && u.Port.Present() && u.Port.Start == u.Port.End {
		return append(ps, grammar.Violation{Code: FileDriveHost, Start: u.Host.Start, End: u.Port.End,
			Message: grammar.Messagef(`drive letter %q after "file://" is read as a host: write "file:///%s:" (RFC 8089 appendix E.2; the WHATWG URL Standard's file-invalid-Windows-drive-letter-host)`, host+":", host),
			Fix:     "/" + host + ":", FixStart: u.Host.Start, FixEnd: u.Port.End, FixMessage: grammar.Messagef("write %q", "file:///"+host+":")})
	}
	if u.Port.Present() {
		ps = append(ps, grammar.Violation{Code: FilePort, Start: u.Port.Start - 1, End: u.Port.End,
			Message: grammar.Messagef(`port %q in a file URI: file-auth = "localhost" / host, with no port (RFC 8089 section 2)`, ":"+u.Port.In(s))})
	}
	for _, d := range pathHosts {
		if host == d {
			return append(ps, grammar.Violation{Code: FilePathHost, Start: u.Host.Start, End: u.Host.End,
				Message: grammar.Messagef(`%q after "file://" is the host, not a directory: did you mean %q? (RFC 8089 section 2: "file://" host path, "file:///" path)`, host, "file:///"+s[u.Host.Start:]),
				Fix:     "/", FixStart: u.Host.Start, FixEnd: u.Host.Start, FixMessage: `add the missing "/"`})
		}
	}
	if host != "" && u.Path.Start == u.Path.End && !u.Query.Present() && !u.Fragment.Present() && strings.EqualFold(s[:colon], "file") {
		ps = append(ps, grammar.Violation{Code: FileNoPath, Start: u.Authority.Start - 2, End: u.Authority.End,
			Message: grammar.Messagef(`file URI with a host, %q, and no path: auth-path = [ file-auth ] path-absolute (RFC 8089 section 2)`, host)})
	}
	return ps
}

// driveLetter reports whether p starts with a DOS drive letter, "c:" or
// "c|" (RFC 8089 appendix E.2).
func driveLetter(p string) bool {
	return len(p) >= 2 && grammar.IsAlpha(p[0]) && (p[1] == ':' || p[1] == '|') && (len(p) == 2 || p[2] == '/' || p[2] == '\\')
}
