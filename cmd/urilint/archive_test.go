package main

import (
	"archive/tar"
	"archive/zip"
	"compress/gzip"
	"fmt"
	"os"
	"path"
	"strings"
)

// writeArchive writes the files names (with the contents content gives) to
// the archive out, a .zip or a .tar.gz as GoReleaser makes them: each file
// at the top, executable.
func writeArchive(out string, names []string, content func(string) []byte) (err error) {
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}()
	switch {
	case strings.HasSuffix(out, ".zip"):
		zw := zip.NewWriter(f)
		for _, name := range names {
			h := &zip.FileHeader{Name: path.Base(name), Method: zip.Deflate}
			h.SetMode(0o755)
			w, err := zw.CreateHeader(h)
			if err != nil {
				return err
			}
			if _, err := w.Write(content(name)); err != nil {
				return err
			}
		}
		return zw.Close()
	case strings.HasSuffix(out, ".tar.gz"):
		gz := gzip.NewWriter(f)
		tw := tar.NewWriter(gz)
		for _, name := range names {
			data := content(name)
			if err := tw.WriteHeader(&tar.Header{Name: path.Base(name), Mode: 0o755, Size: int64(len(data)), Typeflag: tar.TypeReg}); err != nil {
				return err
			}
			if _, err := tw.Write(data); err != nil {
				return err
			}
		}
		if err := tw.Close(); err != nil {
			return err
		}
		return gz.Close()
	}
	return fmt.Errorf("%s: neither .zip nor .tar.gz", out)
}
