package web

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/httpsec"
)

//go:embed templates static
var files embed.FS

// Layout is what every page shows around its content. Each page's data
// type embeds it.
type Layout struct {
	Title   string
	Session *sightline.Session
	CSRF    string // token of the page's forms
	Flash   *flash
	// Brand is the brand whose pages are shown, nil elsewhere; Nav names
	// the active section.
	Brand *sightline.Brand
	Nav   string
	// Refresh, when positive, reloads the page after so many seconds
	// (a running compute job).
	Refresh int
	// Failing is the banner of a brand whose last collection slot mostly
	// failed, shown to admins on the brand's pages; nil otherwise.
	Failing *failingBanner
}

// base returns the Layout of a page's data: render fills the parts every
// page of a brand shows.
func (l *Layout) base() *Layout { return l }

// layout fills the common part of a page.
func layout(st *state, title, nav string, brand *sightline.Brand) Layout {
	l := Layout{Title: title, Nav: nav, Brand: brand}
	if st != nil {
		l.Session, l.CSRF, l.Flash = st.sess, st.csrf, st.flash
	}
	return l
}

// pageTemplate is one page parsed with the layout.
type pageTemplate struct{ t *template.Template }

// pageNames lists the page templates; each is parsed with layout.html and
// partials.html at start-up.
var pageNames = []string{"login", "error", "brands", "overview", "citations", "topics",
	"recommendations", "opportunities", "opportunity", "keys", "users", "invite", "webhooks", "webhook", "signals", "agents",
	"runs", "run", "setup", "providerkeys", "prompts"}

func parseTemplates(assetURL func(string) string) (map[string]*pageTemplate, error) {
	funcs := template.FuncMap{
		"asset":   assetURL,
		"date":    func(t time.Time) string { return t.UTC().Format("2 Jan 2006") },
		"datePtr": datePtr,
		"dateTime": func(t time.Time) string {
			return t.UTC().Format("2 Jan 2006 15:04 UTC")
		},
		"isoTime": func(t time.Time) string { return t.UTC().Format(time.RFC3339) },
		"one":     oneDecimal,
		"count":   count,
		"expiry":  expiry,
		"signed":  signedOneDecimal,
		"trend":   trendClass,
		"label":   label,
		"pvalue":  pValue,
		// lastday names the last day of a period that ends at a midnight
		// (excluded): the day before it.
		"lastday": func(end time.Time) string { return end.UTC().Add(-time.Microsecond).Format("2 Jan 2006") },
		// withParam sets one query parameter of a link (a count's runs
		// filter on top of its page's scope).
		"withParam":     withParam,
		"join":          strings.Join,
		"dollars":       dollars,
		"ownershipHelp": ownershipHelp,
	}
	out := map[string]*pageTemplate{}
	for _, name := range pageNames {
		t, err := template.New("layout.html").Funcs(funcs).ParseFS(files,
			"templates/layout.html", "templates/partials.html", "templates/"+name+".html")
		if err != nil {
			return nil, err
		}
		out[name] = &pageTemplate{t: t}
	}
	return out, nil
}

// render executes a page into a buffer first, so that a template error
// still gives a proper error page.
func (s *Server) render(w http.ResponseWriter, r *http.Request, status int, name string, data any) error {
	p, ok := s.pages[name]
	if !ok {
		return fmt.Errorf("no page template %q", name)
	}
	if lp, ok := data.(interface{ base() *Layout }); ok {
		if err := s.fillFailing(r.Context(), lp.base()); err != nil {
			return err
		}
	}
	var buf bytes.Buffer
	if err := p.t.Execute(&buf, data); err != nil {
		return fmt.Errorf("render %s: %w", name, err)
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes()) // the client went away: nothing to do
	return nil
}

// statusOf maps application error codes to the statuses of the error
// pages; they are the API's statuses for the same codes.
func statusOf(code string) int {
	switch code {
	case sightline.EUNAUTHORIZED:
		return http.StatusUnauthorized
	case sightline.EFORBIDDEN:
		return http.StatusForbidden
	case sightline.ENOTFOUND:
		return http.StatusNotFound
	case sightline.EINVALIDPARAM, sightline.EINVALIDBODY:
		return http.StatusBadRequest
	case sightline.ETOOLARGE:
		return http.StatusRequestEntityTooLarge
	case sightline.EVALIDATION:
		return http.StatusUnprocessableEntity
	case sightline.ETRANSITION, sightline.ECONFLICT:
		return http.StatusConflict
	case sightline.EQUOTA, sightline.ERATELIMIT:
		return http.StatusTooManyRequests
	case sightline.EMETHOD:
		return http.StatusMethodNotAllowed
	case sightline.EUNAVAILABLE:
		return http.StatusServiceUnavailable
	}
	return http.StatusInternalServerError
}

// errorPage is the data of an error page.
type errorPage struct {
	Layout
	Status    int
	Heading   string
	Message   string
	Details   []sightline.FieldError
	RequestID string
}

var headings = map[int]string{
	http.StatusBadRequest:            "Something in the address is not right",
	http.StatusForbidden:             "Not allowed",
	http.StatusNotFound:              "Page not found",
	http.StatusMethodNotAllowed:      "Not allowed here",
	http.StatusConflict:              "That cannot be done now",
	http.StatusUnprocessableEntity:   "Please check the form",
	http.StatusTooManyRequests:       "Limit reached",
	http.StatusRequestEntityTooLarge: "Too large",
	http.StatusInternalServerError:   "Something went wrong",
}

// renderError answers err with an HTML error page. Internal errors are
// logged with the request id and shown without internals. A request whose
// client went away gets no page: it is logged at info level and recorded
// as 499, as in the API (httpsec.ClientGone).
func (s *Server) renderError(w http.ResponseWriter, r *http.Request, st *state, err error) {
	if httpsec.ClientGone(r, err) {
		s.Logger.InfoContext(r.Context(), "client closed request", "request_id", sightline.RequestIDFromContext(r.Context()),
			"method", r.Method, "path", logPath(r), "error", err.Error())
		w.WriteHeader(httpsec.StatusClientClosedRequest)
		return
	}
	code := sightline.ErrorCode(err)
	status := statusOf(code)
	p := &errorPage{Layout: layout(st, "Error", "", nil), Status: status, Heading: headings[status], Message: sightline.ErrorMessage(err)}
	if p.Heading == "" {
		p.Heading = http.StatusText(status)
	}
	var appErr *sightline.Error
	if errors.As(err, &appErr) {
		for _, d := range appErr.Details {
			if d.Message != appErr.Message {
				p.Details = append(p.Details, d)
			}
		}
		if appErr.RetryAfter > 0 {
			w.Header().Set("Retry-After", strconv.Itoa(appErr.RetryAfter))
		}
	}
	if code == sightline.EINTERNAL {
		p.RequestID = sightline.RequestIDFromContext(r.Context())
		s.Logger.ErrorContext(r.Context(), "internal error", "request_id", p.RequestID,
			"method", r.Method, "path", logPath(r), "error", err.Error())
	}
	w.Header().Set("Cache-Control", "no-store")
	if rerr := s.render(w, r, status, "error", p); rerr != nil {
		s.Logger.ErrorContext(r.Context(), "render error page", "error", rerr.Error())
		http.Error(w, http.StatusText(status), status)
	}
}

// asset is one embedded static file.
type asset struct {
	body        []byte
	contentType string
	version     string // first hex digits of its SHA-256
}

func loadAssets() (map[string]asset, error) {
	out := map[string]asset{}
	err := fs.WalkDir(files, "static", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		body, err := files.ReadFile(p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(body)
		ct := mime.TypeByExtension(path.Ext(p))
		if ct == "" {
			ct = "application/octet-stream"
		}
		out[strings.TrimPrefix(p, "static/")] = asset{body: body, contentType: ct, version: hex.EncodeToString(sum[:])[:12]}
		return nil
	})
	return out, err
}

// assetURL names an asset with its version, so that browsers may cache it
// for good and still get a new build's file at once.
func (s *Server) assetURL(name string) string {
	a, ok := s.assets[name]
	if !ok {
		panic("unknown asset " + name)
	}
	return "/static/" + name + "?v=" + a.version
}

// handleStatic serves GET /static/{file}.
func (s *Server) handleStatic(w http.ResponseWriter, r *http.Request) {
	a, ok := s.assets[r.PathValue("file")]
	if !ok {
		s.renderError(w, r, nil, sightline.Errorf(sightline.ENOTFOUND, "No such file."))
		return
	}
	if r.URL.Query().Get("v") == a.version {
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		w.Header().Set("Cache-Control", "no-cache")
	}
	w.Header().Set("Content-Type", a.contentType)
	w.Header().Set("ETag", `"`+a.version+`"`)
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(a.body))
}
