package main

import (
	"runtime/debug"
	"strings"

	"github.com/sightline/sightline"
)

// versionString is what `sightline version` prints: the version and commit
// set with -ldflags (make build), else what the Go toolchain recorded in the
// binary — the module version for `go install …@v1.2.3`, the VCS revision
// (and "+dirty") for a build in a checkout, "(devel)" for `go run`.
func versionString() string {
	version, commit := sightline.Version, sightline.Commit
	info, ok := debug.ReadBuildInfo()
	if ok && version == "dev" {
		if v := info.Main.Version; v != "" {
			version = v
		}
	}
	if ok && commit == "" {
		var rev, modified string
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value
			}
		}
		if len(rev) > 12 {
			rev = rev[:12]
		}
		if rev != "" && modified == "true" {
			rev += "+dirty"
		}
		commit = rev
	}
	goVersion := ""
	if ok {
		goVersion = info.GoVersion
	}
	return strings.Join(strings.Fields("sightline "+version+" "+commit+" "+goVersion), " ")
}
