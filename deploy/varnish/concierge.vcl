# Varnish 7 (Debian's `varnish` with `varnish-modules` for xkey) in front of `concierge serve`.
#
# - Caches the site's pages, feeds, sitemaps, assets and media for as long as the origin says
#   (a year for pages when CONCIERGE_CDN_PURGE=varnish://127.0.0.1:6091, so every publish
#   purges exactly the pages it changed by their surrogate keys; 60 s without).
# - Takes purges only on its own purge address: the listen socket named `purge`
#   (`-a purge=127.0.0.1:6091`, `varnish.service.d/concierge.conf` beside this file), which the
#   TLS front never connects to. Every request through Caddy comes from 127.0.0.1 too, so the
#   client's address says nothing: on the public socket a PURGE or BAN is refused and the
#   xkey headers are dropped, whoever sends them.
# - Normalises URLs: one cached copy per page, whatever query string a link adds.
# - Keeps serving every cached page for a week while the origin is down (grace).
# - Never caches the API, the admin or the health checks, however their paths are spelt (the
#   origin also sends `Cache-Control: no-store` on each of their answers).
#
# Tests run this very file, with only the origin's port changed (api/cli/tests/it/edge.rs).

vcl 4.1;

import xkey;

backend origin {
    .host = "127.0.0.1";
    .port = "8080";
    .connect_timeout = 2s;
    .first_byte_timeout = 30s;
    .probe = {
        .url = "/healthz";
        .interval = 2s;
        .timeout = 1s;
        .window = 3;
        .threshold = 2;
        # Healthy from the start: a restarted Varnish serves at once.
        .initial = 2;
    }
}

sub vcl_recv {
    if (local.socket == "purge") {
        if (req.method != "PURGE") {
            return (synth(405, "Only PURGE is taken here"));
        }
        if (req.http.xkey-purge) {
            set req.http.n-gone = xkey.purge(req.http.xkey-purge);
        } else if (req.http.xkey-softpurge) {
            set req.http.n-gone = xkey.softpurge(req.http.xkey-softpurge);
        } else {
            return (synth(400, "Name the keys in xkey-purge"));
        }
        return (synth(200, "Purged " + req.http.n-gone));
    }
    # The public socket: what a visitor's request could carry never purges.
    if (req.method == "PURGE" || req.method == "BAN") {
        return (synth(405, "Method not allowed"));
    }
    unset req.http.xkey-purge;
    unset req.http.xkey-softpurge;
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    if (req.url ~ "^/(api|admin|healthz|readyz|metrics|__livereload)(/|\?|$)") {
        return (pass);
    }
    # A first segment that spells an ASCII character as %XX (`/%61pi/v1/blog` is the origin's
    # `/api/v1/blog`), or a path that starts with `//`, is never a link of the site's: passed,
    # whatever it decodes to.
    if (req.url ~ "^/[^/?]*%[0-7][0-9A-Fa-f]" || req.url ~ "^//") {
        return (pass);
    }
    # The site has no use for query strings (campaign tags, cache busters): one copy a page.
    set req.url = regsub(req.url, "\?.*$", "");
    # Nothing the site serves depends on who asks.
    unset req.http.Cookie;
    unset req.http.Authorization;
    return (hash);
}

sub vcl_backend_response {
    # Served stale while the origin is down or slow: for a week, as `stale-if-error` says.
    set beresp.grace = 7d;
    # Errors of the origin are not kept: the next request asks again (grace serves the last
    # good copy meanwhile).
    if (beresp.status >= 500) {
        set beresp.ttl = 0s;
        set beresp.uncacheable = true;
        return (deliver);
    }
}

sub vcl_backend_error {
    # The origin could not be reached and no copy is left: a plain 503.
    set beresp.http.Content-Type = "text/plain; charset=utf-8";
    set beresp.http.Retry-After = "5";
    synthetic("The site is being updated. Please try again in a moment.");
    return (deliver);
}

sub vcl_deliver {
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
    # The keys are for this cache, not for browsers.
    unset resp.http.xkey;
    unset resp.http.Surrogate-Key;
    unset resp.http.Cache-Tag;
    unset resp.http.n-gone;
}
