package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/sightline/sightline"
)

const promptsUsage = `Usage:
  sightline prompts add  --brand BRAND_ID [--topic NAME] [--regions us,gb] "text" ["text"…] [--db DSN]
  sightline prompts list --brand BRAND_ID [--all] [--db DSN]

add creates the prompts a brand's collection asks, in one transaction; the
topic is created when it does not exist. --regions narrows the prompts to
those countries (default: all of the brand's collection regions). list shows
the active prompts, or every prompt with --all.

`

// PromptsCommand adds and lists a brand's tracked prompts.
type PromptsCommand struct {
	env            Config
	stdout, stderr io.Writer
}

// Run dispatches add and list.
func (c *PromptsCommand) Run(ctx context.Context, args []string) error {
	if len(args) == 0 || isHelp(args[0]) {
		fmt.Fprint(c.stderr, promptsUsage)
		return helpOrMissing(args, "prompts")
	}
	sub := args[0]
	if sub != "add" && sub != "list" {
		fmt.Fprint(c.stderr, promptsUsage)
		return fmt.Errorf("prompts: unknown subcommand %q", sub)
	}
	cfg := c.env
	fs := newFlagSet("prompts "+sub, promptsUsage, c.stderr)
	cfg.dbFlag(fs)
	brandID := fs.String("brand", "", "brand id")
	topic := fs.String("topic", "", "add: topic name (created if missing)")
	regions := fs.String("regions", "", "add: comma-separated country codes the prompts are narrowed to")
	all := fs.Bool("all", false, "list: include inactive prompts")
	texts, err := parseInterspersed(fs, args[1:])
	if err != nil {
		return err
	}
	id := strings.ToLower(*brandID)
	if !sightline.IsUUID(id) {
		return fmt.Errorf("prompts %s: --brand must be a brand id", sub)
	}
	var in []sightline.PromptCreate
	if sub == "add" {
		if len(texts) == 0 {
			return fmt.Errorf("prompts add: give the text of at least one prompt")
		}
		for _, t := range texts {
			in = append(in, sightline.PromptCreate{Text: t, Regions: splitList(*regions)})
		}
		body := sightline.PromptsCreate{Prompts: in}
		if err := body.Validate(); err != nil {
			return err
		}
	} else if len(texts) > 0 {
		return fmt.Errorf("prompts list: unexpected argument %q", texts[0])
	}
	db, err := openDB(ctx, cfg, cfg.logger(c.stderr))
	if err != nil {
		return err
	}
	defer db.Close()
	brand, err := db.FindBrandByIDAnyOrg(ctx, id)
	if err != nil {
		return err
	}
	if sub == "add" {
		topicName := ""
		if strings.TrimSpace(*topic) != "" {
			refs, err := db.CreateTopics(ctx, brand.OrgID, brand.ID, []sightline.TopicRef{{Name: strings.TrimSpace(*topic)}})
			if err != nil {
				return err
			}
			for i := range in {
				in[i].TopicID = refs[0].ID
			}
			topicName = refs[0].Name
		}
		ps, err := db.CreatePrompts(ctx, brand.OrgID, brand.ID, in)
		if err != nil {
			return err
		}
		for _, p := range ps {
			fmt.Fprintf(c.stdout, "Prompt %s created: %q", p.ID, p.Text)
			if topicName != "" {
				fmt.Fprintf(c.stdout, " (topic %q)", topicName)
			}
			fmt.Fprintln(c.stdout)
		}
		return nil
	}
	tw := tabwriter.NewWriter(c.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tTOPIC\tREGIONS\tACTIVE\tTEXT")
	n := 0
	for page := 1; ; page++ {
		ps, total, err := db.FindPrompts(ctx, brand.OrgID, brand.ID, sightline.PromptFilter{IncludeDeleted: *all,
			PageRequest: sightline.PageRequest{Page: page, PageSize: sightline.MaxPageSize}})
		if err != nil {
			return err
		}
		for _, p := range ps {
			topicName, regions := "-", "(brand's)"
			if p.TopicName != nil {
				topicName = *p.TopicName
			}
			if len(p.Regions) > 0 {
				regions = strings.Join(p.Regions, ",")
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%v\t%s\n", p.ID, topicName, regions, p.Active, p.Text)
		}
		n += len(ps)
		if len(ps) == 0 || n >= total {
			break
		}
	}
	return tw.Flush()
}
