# Varnish 7 (Debian's `varnish` with `varnish-modules` for xkey) in front of `concierge serve`.
#
# - Caches the site's pages, feeds, sitemaps, assets and media for as long as the origin says
#   (a year for pages when CONCIERGE_CDN_PURGE=varnish://THIS_HOST:PORT, so every publish
#   purges exactly the pages it changed by their surrogate keys; 60 s without).
# - Honours purges only from the origin's own machine (`purgers`).
# - Normalises URLs: one cached copy per page, whatever query string a link adds.
# - Keeps serving every cached page for a week while the origin is down (grace).
# - Never caches the API, the admin or the health check.
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

# Who may purge: the origin, which runs on this machine. Add the origins' addresses when
# several instances share one Varnish.
acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (!req.http.xkey-purge) {
            return (synth(400, "Name the keys in xkey-purge"));
        }
        set req.http.n-gone = xkey.purge(req.http.xkey-purge);
        return (synth(200, "Purged " + req.http.n-gone));
    }
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    if (req.url ~ "^/(api|admin|healthz|__livereload)(/|\?|$)") {
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
