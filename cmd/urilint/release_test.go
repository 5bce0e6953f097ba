package main

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// goreleaserConfig is what TestGoreleaserConfig reads of .goreleaser.yaml.
type goreleaserConfig struct {
	Version     int    `yaml:"version"`
	ProjectName string `yaml:"project_name"`
	Builds      []struct {
		Main    string   `yaml:"main"`
		Binary  string   `yaml:"binary"`
		Env     []string `yaml:"env"`
		Goos    []string `yaml:"goos"`
		Goarch  []string `yaml:"goarch"`
		Flags   []string `yaml:"flags"`
		Ldflags []string `yaml:"ldflags"`
	} `yaml:"builds"`
	Archives []struct {
		NameTemplate    string   `yaml:"name_template"`
		Formats         []string `yaml:"formats"`
		FormatOverrides []struct {
			Goos    string   `yaml:"goos"`
			Formats []string `yaml:"formats"`
		} `yaml:"format_overrides"`
		Files []string `yaml:"files"`
	} `yaml:"archives"`
	Checksum struct {
		NameTemplate string `yaml:"name_template"`
		Algorithm    string `yaml:"algorithm"`
	} `yaml:"checksum"`
}

// TestGoreleaserConfig checks the release configuration without GoReleaser
// (.ci/run runs goreleaser check and a snapshot build besides): the
// targets, a static and reproducible build, the version stamped where
// urilint version reads it, and the names of the files that the GitHub
// Action downloads (action.yml, tested by testdata/script/action_download).
func TestGoreleaserConfig(t *testing.T) {
	root := filepath.Join("..", "..")
	data, err := os.ReadFile(filepath.Join(root, ".goreleaser.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var c goreleaserConfig
	if err := yaml.Unmarshal(data, &c); err != nil {
		t.Fatal(err)
	}
	if c.Version != 2 || c.ProjectName != "urilint" {
		t.Errorf("version %d, project_name %q: want GoReleaser v2's configuration of urilint", c.Version, c.ProjectName)
	}
	if len(c.Builds) != 1 {
		t.Fatalf("%d builds, want 1", len(c.Builds))
	}
	b := c.Builds[0]
	if b.Main != "./cmd/urilint" || b.Binary != "urilint" {
		t.Errorf("builds main %q, binary %q", b.Main, b.Binary)
	}
	if !slices.Contains(b.Env, "CGO_ENABLED=0") || !slices.Contains(b.Flags, "-trimpath") {
		t.Errorf("builds env %q, flags %q: want CGO_ENABLED=0 and -trimpath", b.Env, b.Flags)
	}
	// The variable main.version exists (this test would not compile
	// otherwise) and the release stamps it.
	_ = version
	if !strings.Contains(strings.Join(b.Ldflags, " "), "-X main.version={{.Version}}") {
		t.Errorf("ldflags %q do not stamp main.version", b.Ldflags)
	}
	targets := map[string][]string{"goos": b.Goos, "goarch": b.Goarch}
	for key, want := range map[string][]string{"goos": {"darwin", "linux", "windows"}, "goarch": {"amd64", "arm64"}} {
		got := slices.Sorted(slices.Values(targets[key]))
		if !slices.Equal(got, want) {
			t.Errorf("builds %s %q, want %q", key, got, want)
		}
	}
	if len(c.Archives) != 1 {
		t.Fatalf("%d archives, want 1", len(c.Archives))
	}
	a := c.Archives[0]
	// action.yml downloads urilint_${ref#v}_${os}_${arch}.tar.gz (.zip
	// on Windows) and checksums.txt.
	if a.NameTemplate != "{{ .ProjectName }}_{{ .Version }}_{{ .Os }}_{{ .Arch }}" {
		t.Errorf("archives name_template %q: action.yml builds the names of the archives it downloads as urilint_VERSION_OS_ARCH", a.NameTemplate)
	}
	if !slices.Equal(a.Formats, []string{"tar.gz"}) || len(a.FormatOverrides) != 1 ||
		a.FormatOverrides[0].Goos != "windows" || !slices.Equal(a.FormatOverrides[0].Formats, []string{"zip"}) {
		t.Errorf("archives formats %q, overrides %+v: want tar.gz, and zip on windows", a.Formats, a.FormatOverrides)
	}
	// The archives carry the licence and the README, files of the
	// repository's root (GoReleaser fails on a name that matches nothing).
	if !slices.Equal(a.Files, []string{"README.md", "LICENSE"}) {
		t.Errorf("archives files %q, want README.md and LICENSE", a.Files)
	}
	for _, f := range a.Files {
		if st, err := os.Stat(filepath.Join(root, f)); err != nil || !st.Mode().IsRegular() {
			t.Errorf("archives files: %s is no file of the repository (%v)", f, err)
		}
	}
	if c.Checksum.NameTemplate != "checksums.txt" || c.Checksum.Algorithm != "sha256" {
		t.Errorf("checksum %+v: action.yml checks the SHA-256 sums of checksums.txt", c.Checksum)
	}
	action, err := os.ReadFile(filepath.Join(root, "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{`archive="urilint_${ref#v}_${os}_${arch}.$ext"`, `"$url/checksums.txt"`, "ext=tar.gz", "ext=zip"} {
		if !strings.Contains(string(action), s) {
			t.Errorf("action.yml does not download the release's files as .goreleaser.yaml names them: no %s", s)
		}
	}
}

// apacheLicenseSHA256 is the SHA-256 of the standard text of the Apache
// License 2.0, as the Apache Software Foundation publishes it (LICENSE-2.0.txt)
// and Debian ships it (/usr/share/common-licenses/Apache-2.0).
const apacheLicenseSHA256 = "cfc7749b96f63bd31c3c42b5c471bf756814053e847c10f3eb003417bc523d30"

// TestLicense: LICENSE is the Apache License 2.0, its standard text
// unchanged (the form packagers and licence scanners recognise), and the
// README says so.
func TestLicense(t *testing.T) {
	root := filepath.Join("..", "..")
	data, err := os.ReadFile(filepath.Join(root, "LICENSE"))
	if err != nil {
		t.Fatal(err)
	}
	if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) != apacheLicenseSHA256 {
		t.Errorf("LICENSE is not the standard text of the Apache License 2.0 (SHA-256 %x)", sum)
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(readme), "[Apache License 2.0](LICENSE)") {
		t.Error("README.md does not link its licence: no [Apache License 2.0](LICENSE)")
	}
}

// TestActionUses: the actions that action.yml runs are pinned at a major
// version, and at one that GitHub still runs: upload-sarif v4 (GitHub
// retires v3 in December 2026), setup-go v6 (v5 runs on Node 20, which the
// runners no longer have).
func TestActionUses(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var action struct {
		Runs struct {
			Steps []struct {
				Uses string `yaml:"uses"`
			} `yaml:"steps"`
		} `yaml:"runs"`
	}
	if err := yaml.Unmarshal(data, &action); err != nil {
		t.Fatal(err)
	}
	least := map[string]int{"github/codeql-action/upload-sarif": 4, "actions/setup-go": 6}
	seen := map[string]bool{}
	for _, st := range action.Runs.Steps {
		if st.Uses == "" {
			continue
		}
		name, ver, _ := strings.Cut(st.Uses, "@")
		major, err := strconv.Atoi(strings.TrimPrefix(ver, "v"))
		if !strings.HasPrefix(ver, "v") || err != nil {
			t.Errorf("action.yml uses %s: not pinned at a major version (@vN)", st.Uses)
			continue
		}
		want, known := least[name]
		if !known {
			t.Errorf("action.yml uses %s, which this test does not know: add its least major", st.Uses)
			continue
		}
		seen[name] = true
		if major < want {
			t.Errorf("action.yml uses %s: want v%d or later", st.Uses, want)
		}
	}
	for name := range least {
		if !seen[name] {
			t.Errorf("action.yml does not use %s", name)
		}
	}
}
