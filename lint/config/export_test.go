package config

// FileKeys and OverrideKeys are the keys the loader knows, for the tests of
// package config_test.
func FileKeys() []string     { return fileKeys }
func OverrideKeys() []string { return overrideKeys }
