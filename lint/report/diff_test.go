package report

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// TestUnifiedDiffHunkNumbers: a hunk that joins two changes with unchanged
// lines between them is followed by hunks numbered right on the new side
// (go-udiff v0.4.1 numbered them one line short per joined gap).
func TestUnifiedDiffHunkNumbers(t *testing.T) {
	lines := make([]string, 40)
	for i := range lines {
		lines[i] = fmt.Sprintf("l%d", i+1)
	}
	old := strings.Join(lines, "\n") + "\n"
	for _, n := range []int{6, 8, 21} { // 6 and 8 in one hunk, 21 in the next
		lines[n-1] = fmt.Sprintf("L%d", n)
	}
	lines = append(lines[:30], append([]string{"inserted"}, lines[30:]...)...) // and a line more
	lines[36] = "L36"
	diff := UnifiedDiff("a.txt", []byte(old), []byte(strings.Join(lines, "\n")+"\n"))
	headers := regexp.MustCompile(`(?m)^@@ .* @@$`).FindAllString(diff, -1)
	want := []string{"@@ -3,9 +3,9 @@", "@@ -18,7 +18,7 @@", "@@ -28,12 +28,13 @@"}
	if strings.Join(headers, "\n") != strings.Join(want, "\n") {
		t.Errorf("hunk headers:\n%s\nwant\n%s\n\n%s", strings.Join(headers, "\n"), strings.Join(want, "\n"), diff)
	}
}
