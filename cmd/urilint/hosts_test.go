package main

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// registryHosts are the SHA-256 sums of the host names of package
// registries: the Go module proxy and checksum database, npm and yarn,
// Debian and Ubuntu's archives, PyPI, Rust's crates, RubyGems, Maven Central,
// Docker Hub, GitHub's container registry, the public Go proxies of China,
// Packagist and NuGet. The repository names none of them (a machine
// reaches registries through their clients, configured on the machine),
// and this file does not either: it names their sums.
var registryHosts = hostSet(
	"00a7dc5a0cc388586b8665846e7d8ae94a6dd096f2aa1aa3b4aab4ac484f998a",
	"9da5f32d964125123cc368f231b473bea59307f811c7b9b2e731601e586b82b5",
	"0dc11026ac75c015aaa1deafff4a7a54ef6d0cf6b3c7f9b1d2c8f3502929aa9e",
	"70bb4000cd2fab03af01fed086c6bf3c2c970f8b8b8001c311028ec3b80e775a",
	"e680c440a2e92079ab1bf7a927e8d3920f1bcd173c0487e28e020110b2e59efc",
	"1ba4e37997a2e986efa6cd844e43fd25b9e816359d31612baa9c18b71e3b5294",
	"c2b35955576ffa710bfb7c4e5de8141335829cb1333377cbaf7daaeff9647b35",
	"a0f007d863a0ed19c5bd996ef6eaab194af2f1ac685c0f71a75270a0366f8983",
	"e514b0d3b0562f54b6622ba95659592c26a4f6473677346ffba9e876eee160ef",
	"a4aa2ac280bb8d1a0ce7a1be5a7bfb10292b49fe9435ad5cff19f421f3c70e41",
	"9ab2ad663f3d2a5e0a38190483536f53c576599778c6e6d1adb9f357122f355c",
	"c899567ee906851741bf7f3bde17a33777859ff9f53ff54d6f0ea54cf31ad636",
	"789e46d79514e28093cabe2bb4a0798266f584b0e508ef269ebabb6e57859290",
	"eb7e11c7f9ecbcf48099060ec1c8c593134ff031f587e07be17293b2a3a0ee36",
	"3d01f3609be82d98eeedcd977fae947ee6da479acbfd5d19619bda2184977921",
	"71741fe2460a615058687c4585f665af5e825968e51a512ffb14c6f2684a397d",
	"317d2d52829b78129d2c9e43d001899f0c8d30968bae00b848a47154df56b0ca",
	"43c04ed1dabe979b9c552549bf0ab023abd3e1cc6d5ff7f42cfa2296b0973a67",
	"dcb6cc3991f9799eecfd71952439eb200a2b09fee01d033df9954a197ef8c574",
	"0fd460f0568e29c129d5164443c22dc23e1fa5ade91d6cc915a0c74ce08fba57",
	"048e76c14ef34200a2fd1bff13c584ea0770b46ab008f537a9cb62637655eb2b",
	"be57af6b78a7facae64f87c4f9230a273a036b2a192a16104abb469385e28f46",
	"2c77714df232b07f0e8ff768526d166e1a94e606d989d4608c3f1713a0712ae5",
	"7117c828d2afa4e2b4703ed11564f81cb02a6ab6b7e6a758e881e68007ad5d35",
)

func hostSet(sums ...string) map[string]bool {
	m := make(map[string]bool, len(sums))
	for _, s := range sums {
		m[s] = true
	}
	return m
}

// dottedName is a run of DNS labels with at least one dot.
var dottedName = regexp.MustCompile(`[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+`)

// namedHosts returns the names in text whose SHA-256 (of the name in lower
// case, or of a parent domain of it) is in hosts.
func namedHosts(text string, hosts map[string]bool) []string {
	var found []string
	for _, name := range dottedName.FindAllString(text, -1) {
		name = strings.ToLower(name)
		for n := name; strings.Contains(n, "."); n = n[strings.IndexByte(n, '.')+1:] {
			sum := sha256.Sum256([]byte(n))
			if hosts[hex.EncodeToString(sum[:])] {
				found = append(found, name)
				break
			}
		}
	}
	return found
}

// TestNoRegistryHosts: no file of the repository names a package
// registry's host: not CI (.ci/run requires Go rather than fetching it),
// not the documents, not the tests and their data.
func TestNoRegistryHosts(t *testing.T) {
	root := filepath.Join("..", "..")
	files := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Name() == ".git" {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() || !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files++
		if found := namedHosts(string(data), registryHosts); len(found) > 0 {
			rel, _ := filepath.Rel(root, path)
			t.Errorf("%s names a package registry's host: %q", filepath.ToSlash(rel), found)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Fatalf("read %d files: the walk missed the repository", files)
	}
}

func TestNamedHosts(t *testing.T) {
	sum := sha256.Sum256([]byte("registry.example"))
	hosts := hostSet(hex.EncodeToString(sum[:]))
	for text, want := range map[string]string{
		"curl https://registry.example/x.zip":                   "registry.example",
		"at mirror.Registry.Example, and":                       "mirror.registry.example",
		"not registry.example.org's, nor my-registry.example-b": "",
		"registry.examples":                                     "",
	} {
		if got := strings.Join(namedHosts(text, hosts), " "); got != want {
			t.Errorf("namedHosts(%q) = %q, want %q", text, got, want)
		}
	}
}
