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

// promptsCommand adds and lists a brand's tracked prompts.
func promptsCommand(stdout, stderr io.Writer) *noun {
	return &noun{name: "prompts", usage: promptsUsage, stdout: stdout, stderr: stderr, verbs: []verb{
		{"add", promptsAdd}, {"list", promptsList},
	}}
}

func promptsAdd(ctx context.Context, n *noun, args []string) error {
	cfg := DefaultConfig()
	fs := n.flags("add", &cfg)
	brandID := fs.String("brand", "", "brand id")
	topic := fs.String("topic", "", "topic name (created if missing)")
	regions := fs.String("regions", "", "comma-separated country codes the prompts are narrowed to")
	texts, err := fs.parse(args)
	if err != nil {
		return err
	}
	id, err := requireID("brand", "brand", *brandID)
	if err != nil {
		return err
	}
	if len(texts) == 0 {
		return fmt.Errorf("prompts add: give the text of at least one prompt")
	}
	var in []sightline.PromptCreate
	for _, t := range texts {
		in = append(in, sightline.PromptCreate{Text: t, Regions: splitList(*regions)})
	}
	body := sightline.PromptsCreate{Prompts: in}
	if err := body.Validate(); err != nil {
		return err
	}
	db, err := openExisting(ctx, cfg, cfg.logger(n.stderr))
	if err != nil {
		return err
	}
	defer db.Close()
	brand, err := db.FindBrandByIDAnyOrg(ctx, id)
	if err != nil {
		return err
	}
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
		fmt.Fprintf(n.stdout, "Prompt %s created: %q", p.ID, p.Text)
		if topicName != "" {
			fmt.Fprintf(n.stdout, " (topic %q)", topicName)
		}
		fmt.Fprintln(n.stdout)
	}
	return nil
}

func promptsList(ctx context.Context, n *noun, args []string) error {
	cfg := DefaultConfig()
	fs := n.flags("list", &cfg)
	brandID := fs.String("brand", "", "brand id")
	all := fs.Bool("all", false, "include inactive prompts")
	if err := parseNoArgs(fs, "prompts list", args); err != nil {
		return err
	}
	id, err := requireID("brand", "brand", *brandID)
	if err != nil {
		return err
	}
	db, err := openExisting(ctx, cfg, cfg.logger(n.stderr))
	if err != nil {
		return err
	}
	defer db.Close()
	brand, err := db.FindBrandByIDAnyOrg(ctx, id)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(n.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tTOPIC\tREGIONS\tACTIVE\tTEXT")
	count := 0
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
		count += len(ps)
		if len(ps) == 0 || count >= total {
			break
		}
	}
	return tw.Flush()
}
