package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/sightline/sightline"
)

// noun is a command made of verbs (keys create, keys list, …): a table of
// verbs, one function each.
type noun struct {
	name   string
	usage  string
	verbs  []verb
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

// verb is one action of a noun command; args follow the verb's name.
type verb struct {
	name string
	run  func(ctx context.Context, n *noun, args []string) error
}

// Run answers help and unknown verbs before any database is opened (and
// perhaps created), and runs the verb otherwise.
func (n *noun) Run(ctx context.Context, args []string) error {
	if len(args) == 0 || isHelp(args[0]) {
		fmt.Fprint(n.stderr, n.usage)
		return helpOrMissing(args, n.name)
	}
	for _, v := range n.verbs {
		if v.name == args[0] {
			return v.run(ctx, n, args[1:])
		}
	}
	fmt.Fprint(n.stderr, n.usage)
	return fmt.Errorf("%s: unknown subcommand %q", n.name, args[0])
}

// flags returns the flag set of one verb, with --db and the log flags.
func (n *noun) flags(verb string, cfg *Config) *flagSet {
	fs := newFlags(n.name+" "+verb, n.usage, n.stderr)
	cfg.dbFlag(fs)
	return fs
}

// parseNoArgs parses the flags of a command that takes no positional
// argument; one given is an error naming the command.
func parseNoArgs(fs *flagSet, cmd string, args []string) error {
	pos, err := fs.parse(args)
	if err != nil {
		return err
	}
	return noArgs(cmd, pos)
}

// requireID returns the id a flag holds, lower-cased; a missing or
// malformed one is an error naming the flag.
func requireID(flagName, what, v string) (string, error) {
	id := strings.ToLower(strings.TrimSpace(v))
	switch {
	case id == "":
		return "", fmt.Errorf("--%s is required: the %s id", flagName, what)
	case !sightline.IsUUID(id):
		return "", fmt.Errorf("--%s %q: not %s id (a UUID)", flagName, v, article(what))
	}
	return id, nil
}

// requireArgID returns the one positional argument, an id; anything else
// is an error saying what to give.
func requireArgID(cmd, what string, pos []string) (string, error) {
	if len(pos) != 1 || !sightline.IsUUID(strings.ToLower(pos[0])) {
		return "", fmt.Errorf("%s: give exactly one %s id", cmd, what)
	}
	return strings.ToLower(pos[0]), nil
}

// requireFlag is an error naming a flag that must not be empty.
func requireFlag(flagName, v, what string) error {
	if strings.TrimSpace(v) == "" {
		return fmt.Errorf("--%s is required: %s", flagName, what)
	}
	return nil
}

func article(what string) string {
	if strings.ContainsAny(what[:1], "aeiou") {
		return "an " + what
	}
	return "a " + what
}

// isHelp reports whether a subcommand word asks for help.
func isHelp(arg string) bool {
	return arg == "-h" || arg == "--help" || arg == "-help" || arg == "help"
}

// helpOrMissing is the error of a command group called without a
// subcommand, or asked for help.
func helpOrMissing(args []string, group string) error {
	if len(args) > 0 {
		return flag.ErrHelp
	}
	return fmt.Errorf("%s: missing subcommand", group)
}

// parseInterspersed parses flags that may come before or after positional
// arguments, and returns the positional ones.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for rest := args; ; rest = fs.Args()[1:] {
		if err := fs.Parse(rest); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fs.Arg(0))
	}
}
