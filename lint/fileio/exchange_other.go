//go:build !linux && !darwin

package fileio

import "errors"

// exchange would swap the files at the paths a and b in one step: this
// system has no call for it.
func exchange(a, b string) error { return errors.ErrUnsupported }
