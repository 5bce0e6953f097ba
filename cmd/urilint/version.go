package main

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
)

// version is the release urilint was built as, stamped by the release
// build (.goreleaser.yaml: -ldflags "-X main.version={{.Version}}"), and
// empty in any other build.
var version string

// buildInfo is the build information of the running binary, nil when it has
// none.
func buildInfo() *debug.BuildInfo {
	if bi, ok := debug.ReadBuildInfo(); ok {
		return bi
	}
	return nil
}

// versionNumber is the version urilint reports (in urilint version and in
// SARIF's tool.driver.version): the stamped one, else the module version
// of its build ("go install github.com/urilint/urilint/cmd/urilint@v0.1.0"),
// else "(devel)".
func versionNumber() string { return versionOf(version, buildInfo()) }

// versionOf is the version of a build stamped with stamped and described by
// bi. A stamped version is written with its "v", as a module version is
// (GoReleaser's {{.Version}} is the tag without it), so that a release and
// "go install ...@v0.1.0" say the same.
func versionOf(stamped string, bi *debug.BuildInfo) string {
	switch {
	case stamped != "" && stamped[0] >= '0' && stamped[0] <= '9':
		return "v" + stamped
	case stamped != "":
		return stamped
	case bi != nil && bi.Main.Version != "":
		return bi.Main.Version
	}
	return "(devel)"
}

// versionText is what urilint version prints: the version, then, when the
// build recorded them, the commit it was built from (with "(modified)" for
// a working tree with uncommitted changes) and that commit's time, and the
// Go toolchain and platform:
//
//	urilint v0.1.0
//	commit 0b123f6e8c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f (modified)
//	committed 2025-11-24T16:08:00Z
//	built with go1.26.8 for linux/amd64
func versionText(stamped string, bi *debug.BuildInfo) string {
	var b strings.Builder
	fmt.Fprintf(&b, "urilint %s\n", versionOf(stamped, bi))
	goVersion, goos, goarch := runtime.Version(), runtime.GOOS, runtime.GOARCH
	if bi != nil {
		var revision, commitTime string
		modified := false
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				revision = s.Value
			case "vcs.time":
				commitTime = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			case "GOOS":
				goos = s.Value
			case "GOARCH":
				goarch = s.Value
			}
		}
		if revision != "" {
			b.WriteString("commit " + revision)
			if modified {
				b.WriteString(" (modified)")
			}
			b.WriteString("\n")
		}
		if commitTime != "" {
			b.WriteString("committed " + commitTime + "\n")
		}
		if bi.GoVersion != "" {
			goVersion = bi.GoVersion
		}
	}
	fmt.Fprintf(&b, "built with %s for %s/%s\n", goVersion, goos, goarch)
	return b.String()
}
