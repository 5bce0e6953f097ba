package iana

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

func TestLookupScheme(t *testing.T) {
	tests := []struct {
		name   string
		ok     bool
		status Status
	}{
		{"http", true, Permanent},
		{"HTTPS", true, Permanent},
		{"Urn", true, Permanent},
		{"mailto", true, Permanent},
		{"example", true, Permanent},
		{"gopher", true, Permanent},
		{"z39.50s", true, Permanent},
		{"ztdnaid", true, Provisional},
		{"htps", false, 0},
		{"hTtP", true, Permanent},
		{"httpx", false, 0},
		{"http\x00", false, 0},
		{"(ttp", false, 0},
		{"hTTp\x13", false, 0}, // 0x13|0x20 is "3", not "s"
		{"note", false, 0},
		{"localhost", false, 0},
		{"", false, 0},
		{string(bytes.Repeat([]byte("a"), 200)), false, 0},
	}
	for _, tt := range tests {
		s, ok := lookupScheme(tt.name)
		if ok != tt.ok || s.Status != tt.status {
			t.Errorf("lookupScheme(%q) = %v, %v; want status %v, %v", tt.name, s, ok, tt.status, tt.ok)
		}
		if IsScheme([]byte(tt.name)) != tt.ok {
			t.Errorf("IsScheme(%q) = %v, want %v", tt.name, !tt.ok, tt.ok)
		}
	}
}

func TestLookupNamespace(t *testing.T) {
	tests := []struct {
		nid  string
		ok   bool
		kind Kind
	}{
		{"example", true, Formal},
		{"ISBN", true, Formal},
		{"ietf", true, Formal},
		{"urn-7", true, Informal},
		{"gs1", true, Formal},
		{"urn-9", false, 0},
		{"isbnx", false, 0},
		{"ad-id", false, 0}, // removed in 2017, replaced by adid
	}
	for _, tt := range tests {
		n, ok := LookupNamespace(tt.nid)
		if ok != tt.ok || n.Kind != tt.kind {
			t.Errorf("LookupNamespace(%q) = %v, %v; want kind %v, %v", tt.nid, n, ok, tt.kind, tt.ok)
		}
	}
}

func TestCounts(t *testing.T) {
	// The counts the shared/data README states for this snapshot.
	if n := len(Schemes()); n != 430 {
		t.Errorf("%d schemes, want 430", n)
	}
	var formal, informal int
	for _, n := range Namespaces() {
		switch n.Kind {
		case Formal:
			formal++
		case Informal:
			informal++
		}
	}
	if formal != 97 || informal != 8 {
		t.Errorf("%d formal and %d informal namespaces, want 97 and 8", formal, informal)
	}
}

func TestLookupDoesNotAllocate(t *testing.T) {
	name := []byte("HTTPS")
	if n := testing.AllocsPerRun(100, func() { IsScheme(name) }); n != 0 {
		t.Errorf("IsScheme allocates %v times per call", n)
	}
}

func TestGeneratedTablesAreCurrent(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the generator with the go command")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go command not found")
	}
	dir := t.TempDir()
	cmd := exec.Command(gobin, "run", "gen.go", "-o", dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run gen.go: %v\n%s", err, out)
	}
	for _, name := range []string{"schemes.go", "namespaces.go"} {
		want, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is stale: run go generate ./iana and commit the result", name)
		}
	}
}

// lookupScheme reports the registry entry for a scheme name, compared
// case-insensitively (RFC 3986 section 3.1).
func lookupScheme[S ~string | ~[]byte](name S) (Scheme, bool) {
	i, ok := lookup(schemeIndex, name)
	if !ok {
		return Scheme{}, false
	}
	return schemes[i], true
}
