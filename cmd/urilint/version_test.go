package main

import (
	"runtime"
	"runtime/debug"
	"testing"
)

func TestVersionText(t *testing.T) {
	vcs := []debug.BuildSetting{
		{Key: "-trimpath", Value: "true"},
		{Key: "CGO_ENABLED", Value: "0"},
		{Key: "GOARCH", Value: "arm64"},
		{Key: "GOOS", Value: "darwin"},
		{Key: "vcs", Value: "git"},
		{Key: "vcs.revision", Value: "0b123f6e8c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f"},
		{Key: "vcs.time", Value: "2025-11-24T16:08:00Z"},
		{Key: "vcs.modified", Value: "false"},
	}
	dirty := append(append([]debug.BuildSetting(nil), vcs[:len(vcs)-1]...), debug.BuildSetting{Key: "vcs.modified", Value: "true"})
	here := "built with " + runtime.Version() + " for " + runtime.GOOS + "/" + runtime.GOARCH + "\n"
	for _, c := range []struct {
		name    string
		stamped string
		bi      *debug.BuildInfo
		want    string
	}{
		{"release", "0.1.0", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "github.com/urilint/urilint", Version: "(devel)"}, Settings: vcs},
			"urilint v0.1.0\ncommit 0b123f6e8c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f\ncommitted 2025-11-24T16:08:00Z\nbuilt with go1.26.8 for darwin/arm64\n"},
		{"snapshot of a modified tree", "0.1.1-SNAPSHOT-0b123f6", &debug.BuildInfo{GoVersion: "go1.26.8", Settings: dirty},
			"urilint v0.1.1-SNAPSHOT-0b123f6\ncommit 0b123f6e8c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f (modified)\ncommitted 2025-11-24T16:08:00Z\nbuilt with go1.26.8 for darwin/arm64\n"},
		{"stamped with its v", "v0.2.0", &debug.BuildInfo{GoVersion: "go1.26.8", Settings: vcs[:4]},
			"urilint v0.2.0\nbuilt with go1.26.8 for darwin/arm64\n"},
		// go install github.com/urilint/urilint/cmd/urilint@v0.1.0: the
		// module version, and no VCS information (the module proxy's zip
		// has no .git).
		{"go install at a version", "", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v0.1.0"},
			Settings: []debug.BuildSetting{{Key: "GOOS", Value: "linux"}, {Key: "GOARCH", Value: "amd64"}}},
			"urilint v0.1.0\nbuilt with go1.26.8 for linux/amd64\n"},
		{"go install at a commit", "", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v0.0.0-20251124160800-0b123f6e8c4d"}},
			"urilint v0.0.0-20251124160800-0b123f6e8c4d\nbuilt with go1.26.8 for " + runtime.GOOS + "/" + runtime.GOARCH + "\n"},
		{"go build in a checkout", "", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}, Settings: dirty},
			"urilint (devel)\ncommit 0b123f6e8c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f (modified)\ncommitted 2025-11-24T16:08:00Z\nbuilt with go1.26.8 for darwin/arm64\n"},
		{"go test: no main module version", "", &debug.BuildInfo{GoVersion: "go1.26.8"},
			"urilint (devel)\nbuilt with go1.26.8 for " + runtime.GOOS + "/" + runtime.GOARCH + "\n"},
		{"no build information", "", nil, "urilint (devel)\n" + here},
	} {
		if got := versionText(c.stamped, c.bi); got != c.want {
			t.Errorf("%s: versionText(%q, ...) =\n%s\nwant\n%s", c.name, c.stamped, got, c.want)
		}
	}
}
