package analyze

import (
	"net/url"
	"slices"
	"strings"
)

// param is one query parameter. bare marks "?key" without "=", which some sites
// distinguish from "?key=".
type param struct {
	key, value string
	bare       bool
}

// parseQuery splits a raw query keeping order and duplicates (url.ParseQuery drops
// pairs with bad escapes and semicolons; a citation should keep them).
func parseQuery(raw string) []param {
	if raw == "" {
		return nil
	}
	var ps []param
	for part := range strings.SplitSeq(raw, "&") {
		k, v, eq := strings.Cut(part, "=")
		if k == "" {
			continue
		}
		ps = append(ps, param{key: unescapeQuery(k), value: unescapeQuery(v), bare: !eq})
	}
	return ps
}

func unescapeQuery(s string) string {
	if !strings.ContainsAny(s, "%+") {
		return s
	}
	if u, err := url.QueryUnescape(s); err == nil {
		return u
	}
	return s
}

// encodeQuery sorts parameters by key (stable, so repeated keys keep their order) and
// escapes them one way, so equal queries give equal strings.
func encodeQuery(ps []param) string {
	slices.SortStableFunc(ps, func(a, b param) int { return strings.Compare(a.key, b.key) })
	var b strings.Builder
	for i, p := range ps {
		if i > 0 {
			b.WriteByte('&')
		}
		b.WriteString(url.QueryEscape(p.key))
		if !p.bare {
			b.WriteByte('=')
			b.WriteString(url.QueryEscape(p.value))
		}
	}
	return b.String()
}

// trackingParams are query keys (lowercase) that identify a click, a campaign or a
// share rather than content. AMP cache keys are here too: the cache adds them to the
// original page's query.
var trackingParams = map[string]bool{
	"gclid": true, "gclsrc": true, "dclid": true, "gbraid": true, "wbraid": true,
	"fbclid": true, "msclkid": true, "yclid": true, "twclid": true, "ttclid": true,
	"li_fat_id": true, "epik": true, "rb_clickid": true, "srsltid": true,
	"mc_cid": true, "mc_eid": true, "mkt_tok": true, "ck_subscriber_id": true,
	"ref": true, "referrer": true, "igshid": true, "igsh": true, "si": true,
	"spm": true, "_ga": true, "_gl": true, "trk": true, "trkcampaign": true,
	"s_cid": true, "ncid": true, "ocid": true, "cmpid": true, "icid": true,
	"sr_share": true, "wt.mc_id": true, "hsctatracking": true, "oly_anon_id": true,
	"oly_enc_id": true, "at_medium": true, "at_campaign": true, "action_object_map": true,
	"action_type_map": true, "action_ref_map": true, "__twitter_impression": true,
	"amp_js_v": true, "amp_gsa": true, "amp_ct": true, "amp_tf": true, "amp_r": true,
	"usqp": true, "aoh": true, "ampshare": true, "share_id": true, "rdt": true,
}

// trackingPrefixes are key prefixes of whole tracking families.
var trackingPrefixes = []string{
	"utm_", "pk_", "mtm_", "hsa_", "_hs", "__hs", "vero_", "fb_", "ga_", "pd_rd_", "pf_rd_", "ref_",
}

// isTrackingParam reports whether a parameter carries tracking or AMP state only.
func isTrackingParam(p param) bool {
	k := strings.ToLower(p.key)
	if trackingParams[k] {
		return true
	}
	for _, pre := range trackingPrefixes {
		if strings.HasPrefix(k, pre) {
			return true
		}
	}
	switch k {
	case "amp":
		return p.bare || p.value == "" || p.value == "1" || strings.EqualFold(p.value, "true")
	case "outputtype", "output":
		return strings.EqualFold(p.value, "amp")
	}
	return false
}

// siteRules canonicalizes sites whose pages have several URL forms. It runs after
// tracking parameters are gone.
func siteRules(host, path string, ps []param) (string, string, []param) {
	switch host {
	case "youtu.be":
		if segs := pathSegments(path); len(segs) > 0 {
			return "youtube.com", "/watch", []param{{key: "v", value: unescapePath(segs[0])}}
		}
		return "youtube.com", "", nil
	case "youtube.com":
		path, ps = youTubePage(path, ps)
		return host, path, ps
	case "redd.it":
		if segs := pathSegments(path); len(segs) > 0 {
			return "reddit.com", "/comments/" + segs[0], nil
		}
		return "reddit.com", "", nil
	case "reddit.com":
		// Subreddit names are case-insensitive; reddit's own query parameters
		// (context, sort, share ids) never select different content.
		segs := pathSegments(path)
		if len(segs) > 1 && segs[0] == "r" {
			segs[1] = strings.ToLower(segs[1])
			path = "/" + strings.Join(segs, "/")
		}
		return host, path, nil
	case "x.com":
		return host, path, nil // s=20, t=… are share markers
	}
	if siteLabel(RegistrableDomain(host)) == "amazon" {
		if asin := amazonASIN(path); asin != "" {
			return host, "/dp/" + asin, nil
		}
	}
	return host, path, ps
}

// youTubePage reduces video URLs to watch?v=ID and strips the query from pages that
// are identified by their path alone (shorts, channels).
func youTubePage(path string, ps []param) (string, []param) {
	segs := pathSegments(path)
	if len(segs) == 0 {
		return path, nil
	}
	switch segs[0] {
	case "watch":
		for _, p := range ps {
			if p.key == "v" && p.value != "" {
				return "/watch", []param{{key: "v", value: p.value}}
			}
		}
		// Share links write the video in the path: /watch/ID.
		if len(segs) > 1 {
			return "/watch", []param{{key: "v", value: unescapePath(segs[1])}}
		}
		// No video named: keep what there is rather than collapse every
		// such link into one page.
		return path, slices.DeleteFunc(ps, func(p param) bool {
			return p.key == "feature" || p.key == "pp" || p.key == "t"
		})
	case "embed", "v", "e", "live":
		if len(segs) > 1 && segs[1] != "videoseries" {
			return "/watch", []param{{key: "v", value: unescapePath(segs[1])}}
		}
	case "shorts", "channel", "c", "user":
		return path, nil
	case "playlist":
		for _, p := range ps {
			if p.key == "list" {
				return path, []param{p}
			}
		}
		return path, nil
	}
	if strings.HasPrefix(segs[0], "@") {
		return path, nil
	}
	return path, slices.DeleteFunc(ps, func(p param) bool {
		return p.key == "feature" || p.key == "pp" || p.key == "t"
	})
}

// amazonASIN finds the product id in Amazon product URLs: /Title/dp/ASIN/ref=…,
// /gp/product/ASIN, /gp/aw/d/ASIN. Every form of one product becomes /dp/ASIN.
func amazonASIN(path string) string {
	segs := pathSegments(path)
	for i, s := range segs {
		var next string
		switch {
		case s == "dp" && i+1 < len(segs):
			next = segs[i+1]
		case s == "gp" && i+2 < len(segs) && segs[i+1] == "product":
			next = segs[i+2]
		case s == "gp" && i+3 < len(segs) && segs[i+1] == "aw" && segs[i+2] == "d":
			next = segs[i+3]
		default:
			continue
		}
		if isASIN(next) {
			return strings.ToUpper(next)
		}
	}
	return ""
}

func isASIN(s string) bool {
	if len(s) != 10 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isUnreserved(s[i]) || s[i] == '-' || s[i] == '.' || s[i] == '_' || s[i] == '~' {
			return false
		}
	}
	return true
}
