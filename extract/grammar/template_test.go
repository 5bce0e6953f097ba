package grammar

import (
	"slices"
	"testing"
)

func TestPlaceholders(t *testing.T) {
	tests := []struct {
		s    string
		want []Span
	}{
		// RFC 6570 section 1.2 and 3.2 examples.
		{"http://example.com/~{username}/", []Span{{20, 30}}},
		{"http://example.com/dictionary/{term:1}/{term}", []Span{{30, 38}, {39, 45}}},
		{"http://example.com/search{?q,lang}", []Span{{25, 34}}},
		{"{+path}/here", []Span{{0, 7}}},
		{"X{#x,hello,y}", []Span{{1, 13}}},
		{"X{.var:3}", []Span{{1, 9}}},
		{"{/list*}", []Span{{0, 8}}},
		{"{;keys*}{&x}{=y}{,z}{!a}{@b}{|c}", []Span{{0, 8}, {8, 12}, {12, 16}, {16, 20}, {20, 24}, {24, 28}, {28, 32}}},
		{"{var:9999}{a.b_c}{%41}", []Span{{0, 10}, {10, 17}, {17, 22}}},
		{"http://127.0.0.1:{port}/{path}", []Span{{17, 23}, {24, 30}}},
		// Not RFC 6570 expressions, nor anything else.
		{"http://example.com/{}", nil},
		{"{-x}", nil},
		{"{a b}", nil},
		{`{"a":1}`, nil},
		{"{x", nil},
		{"{x:0}", nil},
		{"{x:10000}", nil},
		{"{a..b}", nil},
		{"{.}", nil},
		{"{a.}", nil},
		{"{%4}", nil},
		{"{%41}", []Span{{0, 5}}}, // RFC 6570: a pct-encoded varchar
		{"a<%41", nil},
		// A program's string concatenation, the text of a template's
		// script or expression (BunkerWeb's, DOAJ's Jinja), and
		// lua-resty-template's "{* ... *}" (BunkerWeb's captcha page).
		{"' + pro_diamond_url + '", []Span{{0, 23}}},
		{`'" + job_url + "'`, []Span{{1, 16}}},
		{`/a/" + base.path + "/b`, []Span{{3, 20}}},
		{"it's + x + 'y", nil},
		// PHP's concatenation (YesWiki's templates); "." needs a space
		// after it and a variable.
		{"' . $lien . '", []Span{{0, 13}}},
		{"' . $fiche['url'].'/revisions", []Span{{0, 19}}},
		{"' . lien . '", nil},
		{"'.$lien.'", nil},
		// A self-closing tag with a prefix: Roundcube's skins, JSP.
		{"<roundcube:var name='config:support_url' />", []Span{{0, 43}}},
		{"<c:url value='/a'/>?x=1", []Span{{0, 19}}},
		{"http://a/<b:c>", nil},
		{"<a/>", nil},
		{`" .Permalink "`, []Span{{0, 14}}},
		{"' + pathto('copyright') + '", []Span{{0, 27}}},
		{`" $stepPage.Permalink "`, []Span{{0, 23}}},
		{`".Permalink"`, nil},
		{`" . "`, nil},
		{`say " .x`, nil},
		{"' + x '", nil},
		{"' + 1 + '", nil},
		{"data:image/jpeg;base64,{*captcha*}", []Span{{23, 34}}},
		// haxe.Template's "::name::" (the Haxe site's views, held-out set
		// 147) and a server's "::faviconPrefix::" (set 138).
		{"::editLink::", []Span{{0, 12}}},
		{"//::Config.disqusShortName::.disqus.com/count.js", []Span{{2, 28}}},
		{"::Config.tagBaseUrl::/::version.tag::/", []Span{{0, 21}, {22, 37}}},
		{"http://[::1]:80/", nil},
		{"http://[fe80::a::]/", nil},
		{"urn:iso:std:iso:3166::USA", nil},
		{"::1::", nil},
		{"::a b::", nil},
		{"https://metacpan.org/pod/Catalyst::Manual::Tutorial", nil},
		{"https://docs.rs/x?search=tokio::sync::mpsc", nil},
		// The Jakarta Expression Language of JSF pages (Dataverse's), Ruby's
		// interpolation; a DocBook id that starts "{ " is no expression.
		{"#{resource['js/a.js']}?version=#{systemConfig.getVersion()}", []Span{{0, 22}, {31, 59}}},
		{"/dataset.xhtml?persistentId=#{v.id}&v=#{v.n}", []Span{{28, 35}, {38, 44}}},
		{"https://example.com/users/#{user.id}/edit", []Span{{26, 36}}},
		{"#{ start flow mapping//", nil},
		{"page.html#{x", nil},
		// Mold's tags (Eloquent JavaScript's src/chapter.html), SugarCube's.
		{"<<t $in.prev_link>>.html", []Span{{0, 19}}},
		{"/a/<<print $x>>", []Span{{3, 15}}},
		{"/a/<<1>>", nil},
		{"/a/<<b", nil},
		{"{#fragment}", []Span{{0, 11}}}, // RFC 6570 fragment expansion

		// Template languages (Jinja, Liquid, Handlebars, Go templates, Hugo, ERB, JavaScript).
		{"{{ pathto('index') }}", []Span{{0, 21}}},
		{"https://example.com/users/{{user_id}}/", []Span{{26, 37}}},
		{"{{< ref \"docs/a.md\" >}}#x", []Span{{0, 23}}},
		{"{{% param \"url\" %}}", []Span{{0, 19}}},
		{"{{{raw}}}/x", []Span{{0, 9}}},
		{"{% link _docs/a.md %}", []Span{{0, 21}}},
		{"{# note #}x", []Span{{0, 10}}},
		{"<%= root_url %>/a", []Span{{0, 15}}},
		{"<%$filename%>", []Span{{0, 13}}},                     // Mason's, a Perl variable
		{"<%|url(request)%>", []Span{{0, 17}}},                 // LuCI's and gluon-web's escaped value
		{"geo:<%: lat %>,<%+ x %>", []Span{{4, 14}, {15, 23}}}, // a translation, an include
		{"a<%$", []Span{{1, 4}}},
		// PHP (YesWiki's templates); not "<?" alone, nor an XML declaration.
		{"<?php echo $url;?>", []Span{{0, 18}}},
		{"#slide_show_container_<?php echo $pagetag;?>", []Span{{22, 44}}},
		{"<?=$lien;?>/a", []Span{{0, 11}}},
		{"a<?b", nil},
		{"<?phpx?>", nil},
		{"https://github.com/o/r/blob/main/documentation/<[FilePath]>", []Span{{47, 59}}},
		{"<[linkto:documentation/events;{href}]>", []Span{{0, 38}}},
		{"a<[b", nil},
		// Nunjucks as Dgeni sets it (NestJS's documentation); a Polymer binding (OSS-Fuzz's status page).
		{"https://github.com/nestjs/docs.nestjs.com/edit/master/{$ doc.fileInfo.projectRelativePath $}", []Span{{54, 92}}},
		{"{$ company.url $}", []Span{{0, 17}}},
		{"/log-[[build_id]].txt", []Span{{5, 17}}},
		// With an argument (GrapheneOS's process-static, TEI Publisher's
		// templates); a wiki's link and label is none.
		{"[[path|/mask-icon.svg]]", []Span{{0, 23}}},
		{"[[ $context-path ]]/x", []Span{{0, 19}}},
		{"[[$script?cdn]]", []Span{{0, 15}}},
		{"[[https://git-scm.com/|Git]]", nil},
		{"[[a b|c]]", nil},
		{"[[ $context-path ]]/api/document/[[ escape-uri($options?relpath, true()) ]]/md", []Span{{0, 19}, {33, 75}}},
		// A server-side include's directive (Evergreen's staff client).
		{`/opac/common/js/<!--#echo var="locale"-->/OrgTree.js`, []Span{{16, 41}}},
		{"a<!--# x-->", nil},
		// Askama with kanidm's delimiters; a Markdown slip "((https://...))" is no template.
		{"(( redirect_url ))", []Span{{0, 18}}},
		{"((Urls::Login))", []Span{{0, 15}}},
		{"((Urls::Login.as_ref()))/x", []Span{{0, 24}}},
		{"[[#imagepath]]/kani-alert.png", []Span{{0, 14}}},
		// JSON Feed's example templates ("[[@permalink]]", held-out set
		// 209) and sphinx-needs' dynamic functions ("[[copy('id')]]", its
		// test documents, set 203); not a wiki's link with a label.
		{"[[@permalink]]", []Span{{0, 14}}},
		// TYPO3 Fluid's inline view helpers (the core API reference's
		// examples, held-out set 217).
		{"{be:uri.newRecord(pid:1, table:'tx_examples_haiku', returnUrl:returnUrl)}", []Span{{0, 73}}},
		{"{f:uri.page(pageUid: 1)}#top", []Span{{0, 24}}},
		{"{f:uri.page(pageUid: 1}", nil},
		{"http://www.[[copy('id')]]", []Span{{11, 25}}},
		{"[[copy(\"id\", lower=True)]]/x", []Span{{0, 26}}},
		{"[[f(https://a.example/)]]", nil},
		{"[[f(a]]", nil},
		{"[[@]]", nil},
		{"(Urls::ProfileUnlock)", nil},
		{"((https://a.example/))", nil},
		{"((", nil}, {"(( ", nil}, {"((a", nil}, {"[[", nil}, // the fuzzer's: nothing after the opener to look in
		{"{$", []Span{{0, 2}}}, // an opener with no closer runs to the end, as "{{ " does

		{"https://en.wikipedia.org/wiki/A_((b))", nil},
		{"a{$b}", nil},
		{"/wiki/[[Main Page]]", nil},
		{"http://[[::1]]/", nil},
		// Template Toolkit, as Zim's export templates write it.
		{"[% uri(navigation.prev) %]", []Span{{0, 26}}},
		{"[%- resource('ui/a.css') -%]x", []Span{{0, 28}}},
		{"http://example.com/a?b[%5B]=1", nil},
		{"https://${HOST}/a", []Span{{8, 15}}},
		{"${a ? `${b}` : c}/x", []Span{{0, 17}}},
		{"/a/{{ page.url }}/{id}", []Span{{3, 17}, {18, 22}}},
		{"{{x}", []Span{{0, 4}}}, // no closer: to the end
		{"{{ ", []Span{{0, 3}}},  // href="{{ "/a" | relURL }}" cut by the quote
		{"a{% b", []Span{{1, 5}}},
		// "{%" before a letter where "%}" closes it (Pelican's simple theme),
		// and whitespace alone between tags (Zola's atom.xml), the template's.
		{"{{ FEED_DOMAIN }}/{%if FEED_ATOM_URL %}{{ URL }}{% else %}x", []Span{{0, 17}, {18, 39}, {39, 48}, {48, 58}}},
		{"{%- if section -%}\n        {{ section.permalink }}\n    {%- endif -%}", []Span{{0, 68}}},
		{"{{ a }} /x {{ b }}", []Span{{0, 7}, {11, 18}}},
		{"/{%if x", nil}, // no "%}"
		// A keyword that ends s: markup cut the tag (action="{%url "a" pk
		// %}" in bitbake's Toaster templates is "{%url ").
		{"/{%if", []Span{{1, 5}}},
		{"{%url ", []Span{{0, 6}}},
		{"<%", []Span{{0, 2}}},
		{"${x", []Span{{0, 3}}},
		// An escaped sigil is the template's, its escape too (a shell's here
		// document, OpenTSDB's setup page).
		{"file:///tmp/hbase-\\${user.name}/hbase", []Span{{18, 31}}},

		// printf format fields.
		{"https://example.com/search?q=%s&lang=en", []Span{{29, 31}}},
		{"/%d/%s", []Span{{1, 3}, {4, 6}}},
		{"/%(name)s.html", []Span{{1, 9}}},
		{"/%1$s/%-5d/%-5.2f/%*d/%05.2f", []Span{{1, 5}, {6, 10}, {11, 17}, {18, 21}}}, // %05 is an encoding
		{"http://bugs.debian.org/%S", []Span{{23, 25}}},                               // ikiwiki's shortcut, C's wide string
		{"%v", []Span{{0, 2}}},
		// Percent-encodings and malformed ones, not format fields.
		{"/caf%c3%a9/%2F", nil},
		{"/%d0", nil},
		{"/100%", nil},
		{"/50%off", nil},
		{"/%sure", nil},
		{"/%()s", nil},
		{"/%(a b)s", nil},
		{"/%(name", nil}, // no ")": found by FuzzCheck
		{"/%y", nil},
		{"/img/100%.png", nil},
		{"/%p/%T", nil},
		{"a<b$c", nil},

		// Digits to fill in.
		{"http://www.rfc-editor.org/info/rfc####", []Span{{34, 38}}},
		{"##subscribe##", nil}, // a field (StandIns), not digits to fill in
		{"/lists/##name##", nil},
		{"/a##b##", []Span{{5, 7}}},
		{"http://a.example/x##", []Span{{18, 20}}},
		{"http://a.example/x#", nil},
		{"http://a.example/##anchor", nil},
		{"http://a.example/#a##b", nil},
	}
	for _, tt := range tests {
		if got := Placeholders(tt.s); !slices.Equal(got, tt.want) {
			t.Errorf("Placeholders(%q) = %v, want %v", tt.s, got, tt.want)
		}
		if got := HasPlaceholder(tt.s); got != (tt.want != nil) {
			t.Errorf("HasPlaceholder(%q) = %t", tt.s, got)
		}
		if tt.want != nil && !MayHavePlaceholder(tt.s) {
			t.Errorf("MayHavePlaceholder(%q) = false, and it holds %v", tt.s, tt.want)
		}
	}
	if MayHavePlaceholder("https://example.com/a:b") {
		t.Error(`MayHavePlaceholder("https://example.com/a:b") = true: a ":" alone starts no placeholder`)
	}
}

func TestIsPlaceholder(t *testing.T) {
	for s, want := range map[string]bool{
		"{{ page.url }}":       true,
		" {{ .Permalink }} ":   true,
		"{% link a.md %}":      true,
		"<%= url %>":           true,
		"<?php echo $url; ?>":  true,
		"${url}":               true,
		"{url}":                true,
		"%s":                   true,
		"{{ .Site.BaseURL }}/": false,
		"/{{ x }}":             false,
		"{{ a }}{{ b }}":       false,
		"":                     false,
		"https://example.com/": false,
		// Razor's and wheezy.template's expressions (Meson's site templates).
		"@tup[0]":    true,
		"@Model.Url": true,
		"@url(page)": true,
		"@a.b[1].c":  true,
		// Nancy's Super Simple View Engine ends an expression with ";".
		"@Path['~/Content/scripts.js'];": true,
		"@Path;":                         false,
		"@Model.Url;x":                   false,
		"@handle":                        false,
		"@scope/pkg":                     false,
		"@tup[0]/x":                      false,
		"@1a.b":                          false,
		"@a.":                            false,
		"@a[":                            false,
		// Twirl's (Play's) and Razor's expressions in brackets.
		"@{link.format(name, line)}": true,
		"@(Model.Url)":               true,
		"@{a}/x":                     false,
		"@(a)(b)":                    false,
		"@{}":                        false,
		"@((a})":                     false,
		"@( )":                       false,
	} {
		if got := IsPlaceholder(s); got != want {
			t.Errorf("IsPlaceholder(%q) = %t, want %t", s, got, want)
		}
	}
}

// TestStandIns: a name in capitals between "::" is a value a build writes
// in (Evergreen's sed script), an IPv6 address is none; a name in angle
// brackets is one to fill in, and so is one whose ">" a converter left
// out of the link it made (Asciidoctor links a URI pattern up to the "<"),
// but not a "<" in a word, or before what is no name.
func TestStandIns(t *testing.T) {
	for _, tt := range []struct {
		s    string
		want []Span
	}{
		{"https://::HOSTNAME::/updates/update.rdf", []Span{{8, 20}}},
		// troff's strings and number registers (Plan 9's macros).
		{`\\*[pngfile]`, []Span{{0, 12}}},
		{`\*[basename]/\n+[png].png`, []Span{{0, 12}, {13, 21}}},
		{`a/\n(.B/b`, []Span{{2, 7}}},
		{`a/\*[]`, nil},
		{`a/\nx`, nil},
		// Values a build filters in, between "@" or "@@"
		// (container.training's slides, held-out set 166).
		{"@WEBSITE@/manual/", []Span{{0, 9}}},
		{"https://@@GITREPO@@/blob/master/x", []Span{{8, 19}}},
		{"mailto:a@@B@@", nil},
		{"https://@@_X@@/", nil},
		{"/x/::APP_ROOT::/a", []Span{{3, 15}}},
		{"http://[::ABCD::]/", nil},
		{"urn:a::B::c", nil},
		{"::hostname::", nil},
		{"http://<host>:<port>/", []Span{{7, 13}, {14, 20}}},
		{"https://example.com/api?tenant=<tenantId>", []Span{{31, 41}}},
		{"http://inspire.ec.europa.eu/codelist/<CodeListName", []Span{{37, 50}}},
		{"http://pact.example/pacticipants/<service>/versions/<version", []Span{{33, 42}, {52, 60}}},
		{"https://example.com/api?tenant=<tenant", []Span{{31, 38}}},
		{"http://a.example/x<y", nil},
		{"http://a.example/<", nil},
		{"http://a.example/<1a", nil},
		{"http://a.example/<a b", nil},
		// A Make variable or a shell's command substitution (NextChat's
		// README, the Subversion book); not a backtick glued to a word.
		{"http://$(host):$(port)", []Span{{7, 14}, {15, 22}}},
		// Kamailio's pseudo-variables with transformations, and one cut
		// short by the text's layout.
		{"http://api.com/index.php?r_uri=$(ru{s.escape.param})&f=$(fu{s.a}{s.b})", []Span{{31, 52}, {55, 70}}},
		{"http://api.com/index.php?r_uri=$(ru{s.escape.pa", []Span{{31, 47}}},
		{"http://a/$(host", []Span{{9, 15}}},
		{"http://a/$(host)x(", []Span{{9, 16}}},
		{"http://a/$(ho st)", nil},
		// A program's token as the host (Kamailio's "%Hf", OpenSSH's "%h").
		{"sip:%Hf:5080;lr", []Span{{4, 7}}},
		{"ssh://%r@%h:22", []Span{{6, 8}, {9, 11}}},
		{"sip:%ab:5080", nil},
		{"sip:a%Hf:5080", nil},
		{"http://a/%Hf/", nil},
		// An optional password before the "@" (redis-py's URLs).
		{"redis://[:password]@host[:port]/db", []Span{{8, 19}, {24, 31}}},
		// squidGuard's redirect tokens, whole values of the query.
		{"http://p/cgi/blocked?clientaddr=%a&clientname=%n&url=%u", []Span{{32, 34}, {46, 48}, {53, 55}}},
		{"http://p/cgi/blocked?a=%ab", nil},
		{"http://p/a=%a/", nil},
		{"file://`pwd`/repos-1.6/newproject/trunk", []Span{{7, 12}}},
		{"https://example.com/#the-`foo`-option", nil},
		{"http://a/`x`y", nil},
		{":meth:`ListBox.render`", nil},
		// A name between doubled "%" (http4k's Redoc page, NGINX
		// Ingress's changelog template); not "%%" alone.
		{"%%BUNDLE_URL%%", []Span{{0, 14}}},
		// A preprocessor's token in capitals after "%" (mdbook-findrep's, as
		// ChirpStack's book sets it); not a percent-encoding, nor one word.
		{"https://a.example/os/%GATEWAY_OS_VERSION/seeed/", []Span{{21, 40}}},
		{"mesh_%GATEWAY_MESH_VERSION_linux_arm64.tar.gz", []Span{{5, 26}}},
		{"/%AB_CD/%VERSION/%AD_EF", nil},
		{"https://hub.docker.com/r/nginx/tags?name=%%IC_VERSION%%&x=1", []Span{{41, 55}}},
		{"http://a/100%%", nil},
		// Envoy's command operators (Casdoor's docs).
		{"http://%REQ(:authority)%/oauth2/callback", []Span{{7, 24}}},
		{"http://a/%A(b c)%", nil},
		// A preprocessor's function, a name, ":" and its argument
		// (OpenSesame's site); not with a name of hexadecimal digits,
		// an empty argument, a space, or no closing "%".
		{"%link:manual/forms/about%", []Span{{0, 25}}},
		{"%url:notes%/../336", []Span{{0, 11}}},
		{"http://a/%ad:b%", nil},
		{"%url:%", nil},
		{"%url:a b%", nil},
		{"%url:osweb", nil},
		// Addresses disguised against harvesters (castor's Javadoc, fceux's
		// pages): the whole address, up to the query.
		{"mailto:joel DOT farquhar AT montage-dmc DOT com", []Span{{7, 47}}},
		{"MAILTO:ltsmooth42 _at_ gmail _dot _com?subject=fceux", []Span{{7, 38}}},
		{"mailto:wireshark-dev%5BAT%5Dwireshark.org", []Span{{7, 41}}}, // Wireshark's guides
		{"mailto:wireshark-dev%41AT%5Dwireshark.org", nil},
		{"mailto:srfi-editors+at+srfi+dot+schemers+dot+org", []Span{{7, 48}}}, // SRFI 1's
		{"mailto:r0ni a.t users d.o.t sourceforge", []Span{{7, 39}}},
		{"mailto:name[at]example[dot]org", []Span{{7, 30}}},
		{"mailto:cat@example.org", nil},
		// A name in braces cut at its first space by the running text
		// (ingress-nginx's "http://{node IP address}:{nodeport}"); not a
		// value, nor a brace inside a segment.
		{"http://{node", []Span{{7, 12}}},
		{"http://a.example/{your_name", []Span{{17, 27}}},
		{"urn:guid:{f81d4fae-7dec", nil},
		{"http://a.example/x{node", nil},
		{"http://{", nil},
		{"mailto:attic", nil},
		{"mailto:at", nil},
		{"mailto:info", nil},
	} {
		if got := StandIns(tt.s); !slices.Equal(got, tt.want) {
			t.Errorf("StandIns(%q) = %v, want %v", tt.s, got, tt.want)
		}
	}
}

func TestBracketNames(t *testing.T) {
	for _, tt := range []struct {
		s    string
		want []Span
	}{
		{"urn:xmpp:archive:[name]", []Span{{17, 23}}},
		{"urn:xmpp:ShortName[:SubName]", []Span{{18, 28}}},
		{"URN:xmpp:gre:formatter:[FORMATTER_NAME]:[VERSION]", []Span{{23, 39}, {40, 49}}},
		{"urn:a:[]", nil},
		{"urn:example:a[1]", nil}, // an index
		{"urn:a:[b c]", nil},
		{"urn:a:[b", nil},
		{"http://[::1]/[name]", []Span{{13, 19}}}, // not in the authority
		{"http://[v1.x]/", nil},
		{"https://api.example/users/[user_id]/posts", []Span{{26, 35}}},
		{"http://jabber.org/protocol/muc[#user]", []Span{{30, 37}}},
		{"https://example.com/a[1]", nil},
		{"https://kubernetes.io/[kubernetes/enhancements]", nil},
		{"urn:a:[::b]", nil},
		{"https://grep.app/search?filter[repo][0]=k8s", []Span{{30, 36}}},
		{"https://example.com/{id}", nil},
	} {
		if got := BracketNames(tt.s); !slices.Equal(got, tt.want) {
			t.Errorf("BracketNames(%q) = %v, want %v", tt.s, got, tt.want)
		}
	}
}

// TestLeadingBracketName: a link that starts with a name in brackets, or a
// value Autoconf filters in, is a page template's (a mail server's
// "[@LISTURL@]", a documentation tool's "[link]"); a Markdown label, an
// index, a path or an IP literal is none.
func TestLeadingBracketName(t *testing.T) {
	for _, tt := range []struct {
		s    string
		want Span
		ok   bool
	}{
		{"[url]", Span{0, 5}, true},
		{"[link]", Span{0, 6}, true},
		{"[@LISTURL@]/doconfirm", Span{0, 11}, true},
		{"[@LISTURL@]", Span{0, 11}, true},
		{"[link].html", Span{0, 6}, true},
		{"[635445b](https://github.com/a/b/commit/635445b)", Span{}, false},
		{"[bug](https://github.com/a/b/issues/1)", Span{}, false},
		{"[1]", Span{}, false},
		{"[@listurl@]", Span{}, false},
		{"[@LISTURL@", Span{}, false},
		{"[kubernetes/enhancements]", Span{}, false},
		{"[::1]:8080/", Span{}, false},
		{"a[b]", Span{}, false},
		{"", Span{}, false},
	} {
		if got, ok := LeadingBracketName(tt.s); got != tt.want || ok != tt.ok {
			t.Errorf("LeadingBracketName(%q) = %v, %v, want %v, %v", tt.s, got, ok, tt.want, tt.ok)
		}
	}
}

// TestAttributeValueTemplates: the expressions of an XSLT style sheet's
// attribute values (DocBook's specification style sheet writes its links
// so), escaped braces left, and a string's braces inside one.
func TestAttributeValueTemplates(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []Span
	}{
		{"{db:releaseinfo[@role='root']}/{db:productnumber}{db:date}.html", []Span{{0, 30}, {31, 49}, {49, 58}}},
		{"{db:uri}", []Span{{0, 8}}},
		{"http://a.example/{{x}}", nil},
		{"{concat('}', $a)}/b", []Span{{0, 17}}},
		{"a/{f({1})}/b", []Span{{2, 10}}},
		{"a/{cut", []Span{{2, 6}}},
		{"http://a.example/", nil},
	} {
		if got := AttributeValueTemplates(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("AttributeValueTemplates(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

// A value that starts with a template's control flow is its program, not a
// URI (Lotus Docs' Hugo partials); a URI that a placeholder starts is one.
func TestIsTemplateLogic(t *testing.T) {
	for s, want := range map[string]bool{
		"{{ if eq . `rss` }} {{ `index.xml` | absURL }} {{ else }} https://{{ . }}.com/ {{ end }}": true,
		"{{- range .Pages }}{{ .Permalink }}{{ end }}":                                             true,
		"{%- if section -%}{{ section.permalink }}{%- endif -%}":                                   true,
		"  {% for p in pages %}x{% endfor %}":                                                      true,
		"{{ .URL }}/a b":                                                                           false,
		"{{ iframe_src }}":                                                                         false,
		"{% include x.html %}":                                                                     false,
		"https://a.example/{{ if }}":                                                               false,
		"{{ ifx }}":                                                                                false,
	} {
		if got := IsTemplateLogic(s); got != want {
			t.Errorf("IsTemplateLogic(%q) = %v, want %v", s, got, want)
		}
	}
}
