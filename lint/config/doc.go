// Package config reads urilint's configuration files (.urilint.yaml) and
// resolves, for each file linted, how it is linted.
//
// Four types hold configuration, each at its own stage:
//
//   - Settings are the keys as a configuration file, one of its
//     overrides or the command line gives them (nil: not given);
//   - a File is a configuration file read and checked: its include and
//     exclude globs, its Settings, and its Overrides (each Settings for
//     the files matching its globs);
//   - a Profile is what applies to one file: the Settings of its File,
//     then of each Override matching it, then of the command line, made
//     into the engine's lint.Config and a fail level, with the
//     lint.Checker a Resolver makes of them;
//   - lint.Config is what the engine and the rules read.
//
// A Finder finds each file's configuration file (the nearest, up to the
// root of its repository), and a Resolver gives each file its Profile,
// making one checker per distinct configuration: the one place urilint
// check, urilint extract and the language server learn how to read and
// check a file.
package config
