#!/usr/bin/env python3
"""The benchmark harness behind `just bench`.

Builds nothing itself: it expects `target/release/concierge` (the justfile builds it). It makes
a corpus through the real API (the demo site of `concierge seed`, so that there are services
with list items, reviews and banners as on a real site, then the blogs), then measures, each
comparison in the same run:
  1. a full site build, against Hugo building an equivalent site (bench/hugo);
  2. incremental publishing: one blog edited through the API until both its pages on disk
     show the change, repeated;
  3. API reads under wrk, against nginx serving the same response bytes as a static file;
     contact-form POSTs with durable writes;
  4. a static page from `concierge serve` against nginx serving the same file;
  5. the server's peak RSS over the load runs;
  6. a 24-megapixel camera photograph (checks/make-photo.py) uploaded through the API until its
     responsive variants are on disk (`--photo-only` runs just this row);
  7. the full build and the edits again at 50,000 blogs (`--scale`), the corpus copied in SQL,
     so that the growth is visible;
  8. the edge: Varnish with the shipped VCL (deploy/varnish) in front of `concierge serve`
     purging it, one blog edited until its page through Varnish shows the change (against the
     same edit reaching the site store), while visitors browse through Varnish: its hit ratio
     and the origin's requests per 1,000 page views (`--edge-only` runs just this row);
  9. site search (with 7 at 50,000 blogs too): what an edit adds to its publish, the index's
     size, and in Chromium the time to a query's first results and the bytes fetched for them,
     beside Pagefind indexing the same pages (`--search-only` runs just these rows).
and writes the table to docs/benchmarks.md.
"""

import argparse
import datetime
import http.client
import json
import os
import platform
import random
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / "target/release/concierge"
KEY = "bench-key"
# Not containing the user name (the password rules refuse that).
ADMIN_PASSWORD = "a long and quiet measuring passphrase"

TOPICS = ["Arriving Through King Khalid", "A Quiet Week in Dubai Marina", "Gifting Across the Gulf", "Planning a London Season",
          "Valet at Private Events", "Travelling with Household Staff", "Lounges Worth the Detour", "Fast-Track at Heathrow",
          "A Chef at Home in Riyadh", "Yachts off Abu Dhabi", "Ramadan Hampers, Done Well", "Summer in Mayfair",
          "The Art of the Handover", "Villas in the Alps", "Arrivals at Bahrain International", "Mumbai for the Weekend"]
TOPICS_AR = ["الوصول عبر مطار الملك خالد", "أسبوع هادئ في مرسى دبي", "الإهداء في الخليج", "التخطيط لموسم لندن",
             "صف السيارات في المناسبات الخاصة", "السفر مع طاقم المنزل"]
PARAGRAPH = ("Our concierge team arranges every detail in advance, from the meeting point at the aircraft door to the car "
             "waiting at the kerb, so that the first hour after landing is as calm as the flight itself. ")
PARAGRAPH_AR = "يرتّب فريقنا كل التفاصيل مسبقاً، من نقطة الاستقبال عند باب الطائرة إلى السيارة التي تنتظر عند الرصيف، لتكون الساعة الأولى بعد الهبوط هادئة كالرحلة نفسها. "


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def body_html(i, arabic=False):
    para = PARAGRAPH_AR if arabic else PARAGRAPH
    parts = [f"<h2>{'الفصل' if arabic else 'Part'} {k}</h2><p>{para * 3}</p>" for k in range(1, 4)]
    parts.append("<ul>" + "".join(f"<li>{para[:60]}</li>" for _ in range(3)) + "</ul>")
    return "".join(parts)


class Api:
    def __init__(self, port):
        self.port = port
        self.token = None
        self.local = threading.local()

    def conn(self):
        if not hasattr(self.local, "c"):
            self.local.c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        return self.local.c

    def call(self, method, path, body=None):
        headers = {"x-api-key": KEY, "content-type": "application/json"}
        if self.token:
            headers["authorization"] = f"Bearer {self.token}"
        for attempt in range(3):
            try:
                c = self.conn()
                c.request(method, "/api/v1" + path, body=json.dumps(body) if body is not None else None, headers=headers)
                r = c.getresponse()
                data = r.read()
                return r.status, json.loads(data) if data else None
            except (http.client.HTTPException, ConnectionError):
                del self.local.c
                if attempt == 2:
                    raise


class Server:
    """`concierge serve` on a port, with its peak RSS readable."""

    def __init__(self, env, port, log=None):
        """`log`: a file for its log lines (thrown away otherwise)."""
        self.env = dict(env, CONCIERGE_ADDR=f"127.0.0.1:{port}")
        self.port = port
        self.log = open(log, "w") if log else subprocess.DEVNULL
        self.proc = subprocess.Popen([str(BIN), "serve"], env=self.env, stdout=subprocess.DEVNULL, stderr=self.log)
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                c = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
                c.request("GET", "/healthz")
                if c.getresponse().status == 200:
                    return
            except OSError:
                time.sleep(0.1)
        raise SystemExit("concierge serve did not start")

    def rss_peak_mb(self):
        text = Path(f"/proc/{self.proc.pid}/status").read_text()
        return int(re.search(r"VmHWM:\s+(\d+)", text).group(1)) / 1024

    def reset_rss_peak(self):
        """Starts the peak (VmHWM) again from the current RSS (Linux `clear_refs`)."""
        Path(f"/proc/{self.proc.pid}/clear_refs").write_text("5")

    def rss_mb(self):
        text = Path(f"/proc/{self.proc.pid}/status").read_text()
        return int(re.search(r"VmRSS:\s+(\d+)", text).group(1)) / 1024

    def stop(self):
        self.proc.terminate()
        self.proc.wait(timeout=30)
        if self.log != subprocess.DEVNULL:
            self.log.close()


def wait_published(api, timeout=600):
    deadline = time.time() + timeout
    while time.time() < deadline:
        _, body = api.call("GET", "/publish/status")
        if body["responseBody"]["pendingJobs"] == 0:
            return
        time.sleep(0.2)
    raise SystemExit("publishing did not finish")


def make_corpus(env, blogs):
    # The demo site first (six services with their list items, reviews, banners, six blogs):
    # without it every page lacked the services it shows, and the services row measured a
    # 45-byte empty list.
    subprocess.run([str(BIN), "seed"], env=env, check=True, stdout=subprocess.DEVNULL)
    port = free_port()
    server = Server(env, port)
    api = Api(port)
    subprocess.run([str(BIN), "admin", "create", "bench"], env=dict(env, CONCIERGE_ADMIN_PASSWORD=ADMIN_PASSWORD), check=True,
                   stdout=subprocess.DEVNULL)
    _, login = api.call("POST", "/authenticate", {"username": "bench", "password": ADMIN_PASSWORD})
    api.token = login["responseBody"]["token"]
    ids = []
    lock = threading.Lock()

    def work(start, step):
        for i in range(start, blogs, step):
            arabic = i % 5 == 0
            name = f"{TOPICS[i % len(TOPICS)]} {i}"
            blog = {"name": name, "display_order": i, "image_url": "/media/blog.svg", "description": body_html(i),
                    "meta_title": name, "meta_description": PARAGRAPH[:150], "key_words": "concierge, travel, gulf"}
            if arabic:
                blog.update(name_ar=f"{TOPICS_AR[i % len(TOPICS_AR)]} {i}", description_ar=body_html(i, True))
            status, body = api.call("POST", "/blog", blog)
            assert status == 201, body
            with lock:
                ids.append(body["responseBody"][0]["id"])

    threads = [threading.Thread(target=work, args=(k, 4)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wait_published(api)
    server.stop()
    return sorted(ids)


def signed_in(env, log=None):
    """`concierge serve` on a free port, the benchmark's administrator signed in, the site
    published."""
    server = Server(env, free_port(), log)
    api = Api(server.port)
    _, login = api.call("POST", "/authenticate", {"username": "bench", "password": ADMIN_PASSWORD})
    api.token = login["responseBody"]["token"]
    wait_published(api)
    return server, api


CARD_ID = re.compile(r'id="blog-(\d+)-text"')
EDIT_KINDS = ("content", "reorder", "rename")


def listing_file(n, arabic=False):
    """The file of blog listing page `n` (as `ssg::routes::Route::Blogs`)."""
    return ("ar/" if arabic else "") + ("blogs/index.html" if n == 1 else f"blogs/page/{n}/index.html")


class Listing:
    """The blog listing as the bench's reorders change it: the ids its pages on disk show, in
    order, and each blog's display_order from the database (the listing sorts by it, then by
    id), so that the bench knows which page a moved blog lands on and what that page must show."""

    def __init__(self, site, db):
        import sqlite3
        self.ids = []
        for n in range(1, 1 << 30):
            f = site / listing_file(n)
            if not f.exists():
                break
            self.ids += [int(i) for i in CARD_ID.findall(f.read_text())]
        c = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        self.orders = dict(c.execute("SELECT id, display_order FROM blogs"))
        c.close()
        assert self.ids == sorted(self.ids, key=self.key), "the listing on disk is in display order"

    def key(self, blog_id):
        return (self.orders[blog_id], blog_id)

    def pick(self):
        """A blog and the display_order that moves it up or down by 1 to 24 places (that of the
        blog it moves next to, the id deciding between equals): an editor bringing a story
        forward or sending it back within a page or two."""
        at = random.randrange(len(self.ids))
        steps = [d for d in range(-24, 25) if d and 0 <= at + d < len(self.ids)]
        return self.ids[at], self.orders[self.ids[at + random.choice(steps)]]

    def move(self, blog_id, order):
        """Moves `blog_id` to `order`; returns the listing page it is now on and the ids that
        page shows."""
        import bisect
        self.ids.remove(blog_id)
        self.orders[blog_id] = order
        at = bisect.bisect_left(self.ids, self.key(blog_id), key=self.key)
        self.ids.insert(at, blog_id)
        page = at // 12 + 1
        return page, self.ids[(page - 1) * 12:page * 12]


def edit_latencies(api, site, ids, edits, kind="content", listing=None):
    """Edits blogs through the API, one at a time; for each, the time from the PUT until the
    pages on disk show the change. Returns p50, p95 and the worst, in ms. The kinds:
      - content: a random blog's text in both languages, until both its pages show it;
      - reorder: a random blog moved up or down by 1-24 places (`Listing.pick`), until the
        listing page it lands on shows the expected twelve cards, in both languages;
      - rename: a random blog's name (so its slug and URL change: its old URL becomes a
        redirect), until both pages at its new URL show the new name."""
    latencies = []
    for n in range(edits):
        marker = f"edit-marker-{n}-{random.randrange(1 << 30)}"
        if kind == "reorder":
            blog_id, order = listing.pick()
        else:
            blog_id = random.choice(ids)
        _, current = api.call("GET", f"/blog/{blog_id}")
        blog = current["responseBody"][0]
        if kind == "content":
            blog["description"] = f"<p>{marker}</p>" + blog["description"]
            blog["description_ar"] = f"<p>{marker}</p>" + (blog.get("description_ar") or blog["description"])
            files = [site / blog["slug"] / str(blog_id) / "index.html", site / "ar" / blog["slug"] / str(blog_id) / "index.html"]
            shows = lambda text: marker in text  # noqa: E731
        elif kind == "reorder":
            blog["display_order"] = order
            page, expected = listing.move(blog_id, order)
            files = [site / listing_file(page), site / listing_file(page, arabic=True)]
            shows = lambda text: [int(i) for i in CARD_ID.findall(text)] == expected  # noqa: E731
        else:
            marker = f"R{n}x{random.randrange(1 << 20)}"
            # The Arabic page shows the Arabic name where there is one: both change.
            for field in ("name", "name_ar"):
                if blog.get(field):
                    blog[field] = re.sub(r" R\d+x\d+$", "", blog[field]) + " " + marker
            shows = lambda text: marker in text  # noqa: E731
        t0 = time.perf_counter()
        status, body = api.call("PUT", f"/blog/{blog_id}", blog)
        assert status == 200, body
        if kind == "rename":
            slug = body["responseBody"][0]["slug"]
            files = [site / slug / str(blog_id) / "index.html", site / "ar" / slug / str(blog_id) / "index.html"]
        while not all(f.exists() and shows(f.read_text(errors="ignore")) for f in files):
            if time.perf_counter() - t0 > 60:
                raise SystemExit(f"{kind} edit {n} never reached disk")
            time.sleep(0.0005)
        latencies.append((time.perf_counter() - t0) * 1000)
    latencies.sort()
    return latencies[len(latencies) // 2], latencies[int(len(latencies) * 0.95) - 1], latencies[-1]


def edit_rows(api, data, ids, edits, blogs, wall):
    """The three kinds of edit (`EDIT_KINDS`) at `blogs` blogs, each against the full build's
    `wall` time. The builds' writes reach the disk first (`sync`): 100,000 files still being
    written back would make the edits' own writes wait behind them, a cost of the build, not
    of an edit."""
    os.sync()
    listing = Listing(data / "site", data / "concierge.db")
    rows = []
    for kind in EDIT_KINDS:
        p50, p95, worst = edit_latencies(api, data / "site", ids, edits, kind, listing)
        what = {"content": "a blog's text: both its pages", "reorder": "a blog moved 1-24 places: its listing page, both languages",
                "rename": "a blog's name: both pages at its new URL"}[kind]
        rows.append((f"Incremental publish, {kind}, {blogs:,} blogs", f"PUT /api/v1/blog/{{id}} → {what} on disk, {edits} edits",
                     f"p50 {p50:.1f} ms, p95 {p95:.1f} ms, max {worst:.1f} ms", "the full build", f"{wall * 1000:.0f} ms",
                     f"p95 is {wall * 1000 / p95:.0f}× faster than a full build"))
    return rows


class Varnish:
    """`varnishd` in the foreground with the shipped VCL, only the origin's port changed (as the
    integration tests run it), in a folder its own users can read (it drops root)."""

    def __init__(self, origin_port, port, purge_port):
        vcl = (ROOT / "deploy/varnish/concierge.vcl").read_text()
        changed = vcl.replace('.port = "8080";', f'.port = "{origin_port}";')
        assert changed != vcl, "the VCL names the origin's port as 8080"
        self.dir = Path(tempfile.mkdtemp(prefix="concierge-varnish-", dir="/tmp"))
        self.dir.chmod(0o755)
        (self.dir / "concierge.vcl").write_text(changed)
        self.port = port
        # The shipped unit's two sockets (deploy/varnish/varnish.service.d): the public one and
        # the origin's purge socket.
        self.proc = subprocess.Popen(["varnishd", "-F", "-a", f"public=127.0.0.1:{port},HTTP",
                                      "-a", f"purge=127.0.0.1:{purge_port},HTTP", "-f", str(self.dir / "concierge.vcl"),
                                      "-n", str(self.dir / "work"), "-s", "malloc,512m"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                return
            except OSError:
                if time.time() > deadline:
                    raise SystemExit("varnishd did not start")
                time.sleep(0.05)

    def origin_requests(self):
        """Varnish's count of the requests it has sent to the origin."""
        out = subprocess.run(["varnishstat", "-n", str(self.dir / "work"), "-1", "-j", "-f", "MAIN.backend_req"],
                             capture_output=True, text=True, check=True).stdout
        stats = json.loads(out)
        return stats.get("counters", stats)["MAIN.backend_req"]["value"]

    def stop(self):
        self.proc.terminate()
        self.proc.wait(timeout=30)
        shutil.rmtree(self.dir, ignore_errors=True)


def site_urls(site):
    """The URL of every page in the site store."""
    return sorted("/" + f.parent.relative_to(site).as_posix() if f.parent != site else "/"
                  for f in site.rglob("index.html"))


def edge_rows(env, site, ids, edits, browsers=2, pause=0.5):
    """Varnish in front of `concierge serve` with CONCIERGE_CDN_PURGE pointing at it. The
    visitors' mix (every page once first, as an edge that has been up for a while holds them):
    a third of views on the home pages and listings, the rest on 1,000 blog pages, from
    `browsers` threads. Meanwhile `edits` blogs are edited one at a time; for each, the time
    from the PUT until its page on disk shows the change, and until the same page through
    Varnish does."""
    vport, purge_port = free_port(), free_port()
    server = Server(dict(env, CONCIERGE_CDN_PURGE=f"varnish://127.0.0.1:{purge_port}"), free_port())
    varnish = Varnish(server.port, vport, purge_port)
    api = Api(server.port)
    _, login = api.call("POST", "/authenticate", {"username": "bench", "password": ADMIN_PASSWORD})
    api.token = login["responseBody"]["token"]
    wait_published(api)
    urls = site_urls(site)
    front = [u for u in urls if u.count("/") <= 2 and not re.search(r"/\d+$", u)]
    blogs = [u for u in urls if re.search(r"/\d+$", u)]
    random.seed(18)
    popular = random.sample(blogs, min(1000, len(blogs)))
    mix = front + popular

    def get(conn, path):
        conn.request("GET", urllib.parse.quote(path))
        response = conn.getresponse()
        return response.status, response.read(), response.getheader("x-cache") == "HIT"

    warm = http.client.HTTPConnection("127.0.0.1", vport, timeout=30)
    for path in mix:
        assert get(warm, path)[0] == 200, path
    stop = threading.Event()
    views = [0] * browsers
    hits = [0] * browsers

    def browse(k):
        conn = http.client.HTTPConnection("127.0.0.1", vport, timeout=30)
        rng = random.Random(k)
        while not stop.is_set():
            path = rng.choice(front) if rng.random() < 1 / 3 else rng.choice(popular)
            status, _, hit = get(conn, path)
            assert status == 200, (path, status)
            views[k] += 1
            hits[k] += hit
            # Visitors at a steady pace (some hundreds of views a second), not a load test:
            # the two cores are shared with the server, Varnish and the edits' clock.
            time.sleep(0.002)

    before = varnish.origin_requests()
    threads = [threading.Thread(target=browse, args=(k,)) for k in range(browsers)]
    for t in threads:
        t.start()
    edge = http.client.HTTPConnection("127.0.0.1", vport, timeout=30)
    to_disk, to_edge = [], []
    for n in range(edits):
        blog_id = random.choice(ids)
        _, current = api.call("GET", f"/blog/{blog_id}")
        blog = current["responseBody"][0]
        marker = f"edge-marker-{n}-{random.randrange(1 << 30)}"
        blog["description"] = f"<p>{marker}</p>" + blog["description"]
        page = site / blog["slug"] / str(blog_id) / "index.html"
        url = f"/{blog['slug']}/{blog_id}"
        t0 = time.perf_counter()
        status, _ = api.call("PUT", f"/blog/{blog_id}", blog)
        assert status == 200
        on_disk = None
        while True:
            now = time.perf_counter()
            if now - t0 > 60:
                raise SystemExit(f"edit {n} never reached the edge")
            if on_disk is None and page.exists() and marker in page.read_text(errors="ignore"):
                on_disk = now
            if on_disk is not None:
                _, body, _ = get(edge, url)
                if marker.encode() in body:
                    to_edge.append((time.perf_counter() - t0) * 1000)
                    to_disk.append((on_disk - t0) * 1000)
                    break
            time.sleep(0.0005)
        # Half a second between edits: a newsroom's busiest hour, and the visitors' views
        # between them are what an edge is for.
        time.sleep(pause)
    stop.set()
    for t in threads:
        t.join()
    to_origin = varnish.origin_requests() - before
    varnish.stop()
    server.stop()
    browsed = sum(views)

    def pct(values, p):
        values = sorted(values)
        return values[max(0, int(len(values) * p) - 1)]

    # The visitors' own hit ratio (their X-Cache), and every request the origin had (the
    # edits' checks through Varnish included, which take the first miss after each purge a
    # visitor would otherwise take) per 1,000 of the visitors' views.
    hit_ratio = sum(hits) / max(1, browsed)
    per_thousand = to_origin * 1000 / max(1, browsed)
    extra = pct(to_edge, 0.95) - pct(to_disk, 0.95)
    return [
        ("Edge: edit → page through Varnish", f"PUT /api/v1/blog/{{id}} → its page through Varnish (shipped VCL, xkey purge), {edits} edits",
         f"p50 {pct(to_edge, 0.5):.1f} ms, p95 {pct(to_edge, 0.95):.1f} ms, max {max(to_edge):.1f} ms",
         "the same edit on disk", f"p50 {pct(to_disk, 0.5):.1f} ms, p95 {pct(to_disk, 0.95):.1f} ms",
         f"the purge adds {extra:.1f} ms at p95"),
        ("Edge: browsing during the edits", f"{browsers} visitors through Varnish, {len(front)} front pages and {len(popular)} blog pages",
         f"hit ratio {hit_ratio * 100:.2f}%, {per_thousand:.1f} origin requests per 1,000 views",
         "views, origin requests (varnishstat)", f"{browsed:,} views, {to_origin:,} to the origin",
         f"an edit every {pause} s"),
    ]


def multiply_corpus(db, factor):
    """Copies every blog the API made `factor - 1` times, straight into the SQLite file (each
    copy a new id, name, slug and place in the order; every other column, the excerpts and the
    lifecycle's included, as the API wrote it): a corpus of tens of thousands in seconds, where
    the API would take minutes. Returns the new ids."""
    import sqlite3
    c = sqlite3.connect(db)
    cols = [r[1] for r in c.execute("PRAGMA table_info(blogs)") if r[1] != "id"]
    top = c.execute("SELECT max(id), max(display_order) FROM blogs").fetchone()
    for k in range(1, factor):
        values = {"name": f"name || ' {k}'", "slug": f"slug || '-{k}'", "display_order": f"display_order + {k * (top[1] + 1)}"}
        select = ", ".join(values.get(col, col) for col in cols)
        c.execute(f"INSERT INTO blogs ({', '.join(cols)}) SELECT {select} FROM blogs WHERE id <= ?", (top[0],))
    c.commit()
    ids = [r[0] for r in c.execute("SELECT id FROM blogs")]
    c.close()
    return ids


def scale_rows(work, blogs, edits, base, only_search=False):
    """The same build, edits and search at `blogs` blogs: `base` is the corpus's own size (the
    API made those; the rest are copies), for the growth of the build and of an edit."""
    data = work / "scale"
    env = dict(os.environ, CONCIERGE_DATA_DIR=str(data), CONCIERGE_API_KEY=KEY, RUST_LOG="warn",
               CONCIERGE_SITE_URL="http://127.0.0.1:8080", CONCIERGE_ISLANDS_DIR=str(ROOT / "site-islands/dist"))
    shutil.copytree(work / "data", data, ignore=shutil.ignore_patterns("site"))
    ids = multiply_corpus(data / "concierge.db", blogs // base)
    builds = [timed([str(BIN), "build"], env=env) for _ in range(1 if only_search else 2)]
    wall, peak = min(builds)
    pages = count_pages(data / "site")
    rows = []
    if not only_search:
        server, api = signed_in(env)
        rows += edit_rows(api, data, ids, edits, len(ids), wall)
        server.stop()
        rows.insert(0, (f"Full build, {len(ids):,} blogs", f"`concierge build` ({len(ids)} blogs → {pages} pages)",
                        f"{wall:.2f} s, {pages / wall:,.0f} pages/s, {peak:.0f} MB peak", "", "", ""))
    rows += search_rows(env, work, ids, edits, len(ids))
    shutil.rmtree(data, ignore_errors=True)
    return rows


def multipart(field, filename, data, mime):
    boundary = f"bench{random.randrange(1 << 60):x}"
    head = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"{field}\"; filename=\"{filename}\"\r\n"
            f"Content-Type: {mime}\r\n\r\n").encode()
    return head + data + f"\r\n--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}"


def photo_rows(work, runs=3):
    """Upload → variants on disk for a 24 MP photograph: the upload's answer (checked, stripped,
    stored), then the worker's variants; each run on a fresh data directory (no deduplication)."""
    photo = work / "camera.jpg"
    subprocess.run([sys.executable, str(ROOT / "checks/make-photo.py"), str(photo)], check=True, stdout=subprocess.DEVNULL)
    data = photo.read_bytes()
    answers, finished, peaks, sizes = [], [], [], {}
    for run in range(runs):
        env = dict(os.environ, CONCIERGE_DATA_DIR=str(work / f"photo-{run}"), CONCIERGE_API_KEY=KEY, RUST_LOG="warn",
                   CONCIERGE_ISLANDS_DIR=str(work / "no-islands"))
        subprocess.run([str(BIN), "admin", "create", "bench"], env=dict(env, CONCIERGE_ADMIN_PASSWORD=ADMIN_PASSWORD),
                       check=True, stdout=subprocess.DEVNULL)
        port = free_port()
        server = Server(env, port)
        api = Api(port)
        _, login = api.call("POST", "/authenticate", {"username": "bench", "password": ADMIN_PASSWORD})
        # What the library knows of a file is for the team (it lists every place that shows it).
        api.token = login["responseBody"]["token"]
        before = server.rss_peak_mb()
        body, content_type = multipart("file", "camera.jpg", data, "image/jpeg")
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        t0 = time.perf_counter()
        c.request("POST", "/api/v1/blob-upload", body=body, headers={
            "x-api-key": KEY, "authorization": f"Bearer {login['responseBody']['token']}", "content-type": content_type})
        answer = json.loads(c.getresponse().read())
        answered = time.perf_counter() - t0
        name = answer["responseData"].rsplit("/", 1)[1]
        while True:
            _, info = api.call("GET", f"/media/{name}")
            info = info["responseBody"][0]
            if info["status"] != "pending":
                break
            if time.perf_counter() - t0 > 300:
                raise SystemExit("the photograph's variants never came")
            time.sleep(0.01)
        media = Path(env["CONCIERGE_DATA_DIR"]) / "media"
        assert info["status"] == "ready" and all((media / v["url"].rsplit("/", 1)[1]).exists() for v in info["variants"]), info
        finished.append(time.perf_counter() - t0)
        answers.append(answered)
        peaks.append(server.rss_peak_mb() - before)
        for v in info["variants"]:
            sizes[(v["width"], v["mime"])] = (media / v["url"].rsplit("/", 1)[1]).stat().st_size
        server.stop()
    widths = sorted({w for w, _ in sizes})
    ladder = ", ".join(f"{w}: {sizes[(w, 'image/webp')] / 1024:.0f}/{sizes[(w, 'image/jpeg')] / 1024:.0f} KB" for w in widths)
    return [("Photograph", f"24 MP JPEG ({len(data) / 1e6:.1f} MB, Exif GPS) → `POST /api/v1/blob-upload` → {len(sizes)} variants on disk, best of {runs}",
             f"answer {min(answers) * 1000:.0f} ms; variants on disk {min(finished):.2f} s; +{max(peaks):.0f} MB peak RSS",
             "variant bytes, WebP/JPEG by width", ladder, "")]


PAGEFIND_VERSION = "1.6.0"
PAGEFIND_DIR = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "concierge/pagefind"
# A word of one blog in sixteen and of the pages about the company, and two words together,
# in each language (bench's TOPICS and PARAGRAPH; the Arabic with its article and a prefix).
SEARCH_QUERIES = [{"lang": "en", "q": "yachts"}, {"lang": "en", "q": "chef riyadh"},
                  {"lang": "ar", "q": "الخليج"}, {"lang": "ar", "q": "موسم لندن"}]


def pagefind():
    """npm's `pagefind` (its Linux binary in `@pagefind/linux-x64`), installed once outside
    the clone: only the benchmark runs it."""
    exe = PAGEFIND_DIR / "node_modules/.bin/pagefind"
    package = PAGEFIND_DIR / "node_modules/pagefind/package.json"
    if not (exe.exists() and json.loads(package.read_text())["version"] == PAGEFIND_VERSION):
        PAGEFIND_DIR.mkdir(parents=True, exist_ok=True)
        subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--no-save", "--prefix", str(PAGEFIND_DIR),
                        f"pagefind@{PAGEFIND_VERSION}"], check=True, stdout=subprocess.DEVNULL)
    return exe


def tree_size(root):
    """Files and bytes under `root`."""
    files = [f for f in Path(root).rglob("*") if f.is_file()]
    return len(files), sum(f.stat().st_size for f in files)


def searched_pages(site, into):
    """Hard links, under `into`, to the pages our index holds a doc of (its docs name their
    URLs): Pagefind indexes the same pages, from their `<main>` (`--root-selector`), without
    what ours leaves out (`--exclude-selectors`), so that both read the same words."""
    pages = 0
    for doc in site.glob("search/*/d/*.json"):
        url = json.loads(doc.read_text())["url"]
        page = site / url.strip("/") / "index.html" if url != "/" else site / "index.html"
        target = into / page.relative_to(site)
        target.parent.mkdir(parents=True, exist_ok=True)
        os.link(page, target)
        pages += 1
    return pages


def publish_lines(log):
    """The publisher's `publish` lines (CONCIERGE_LOG_FORMAT=json) in a server's log: each
    publish's fields."""
    lines = []
    for line in Path(log).read_text().splitlines():
        try:
            event = json.loads(line)
        except ValueError:
            continue
        fields = {**event, **event.get("fields", {})}
        if fields.get("msg", fields.get("message")) == "publish" and "index_ms" in fields:
            lines.append(fields)
    return lines


def search_rows(env, work, ids, edits, blogs, runs=9):
    """Site search at `blogs` blogs, beside Pagefind indexing the same pages:
      - what an edit adds to its publish: the publisher's time on the index (its docs read, its
        shards made and written: `index_ms` of each publish's log line) over `edits` text edits;
      - the two indexes' files and bytes, and the time each takes to make from nothing;
      - in Chromium, with the CPU slowed four times (bench/search.mjs), the time from a query
        typed to its first result on screen and to its page of results (ours shows each as it
        comes), and the bytes fetched for them, on a first visit (an empty cache), for one word
        and for two, in each language."""
    site = Path(env["CONCIERGE_DATA_DIR"]) / "site"
    log = work / f"search-{blogs}.log"
    server, api = signed_in(dict(env, CONCIERGE_LOG_FORMAT="json", RUST_LOG="warn,concierge_publish=info"), log)
    os.sync()
    edit_latencies(api, site, ids, edits, "content")
    wait_published(api)
    publishes = [p for p in publish_lines(log) if not p.get("full")]
    index_ms = sorted(float(p["index_ms"]) for p in publishes)
    total_ms = sorted(float(p["ms"]) for p in publishes)

    def pct(values, q):
        return values[max(0, int(len(values) * q) - 1)]

    shards = statistics.median(int(p.get("index_files", 0)) for p in publishes)
    read_written = statistics.median(int(p.get("index_kb", 0)) for p in publishes)
    rows = [(f"Search: an edit's index update, {blogs:,} blogs", f"the publisher's time on the index in each of {len(publishes)} publishes "
             f"of a blog's text (`index_ms`; a median {shards:.0f} files, {read_written:.0f} kB of shards read and written)",
             f"p50 {pct(index_ms, 0.5):.2f} ms, p95 {pct(index_ms, 0.95):.2f} ms, max {index_ms[-1]:.2f} ms",
             "the whole publish (`ms`)", f"p50 {pct(total_ms, 0.5):.1f} ms, p95 {pct(total_ms, 0.95):.1f} ms",
             f"{pct(index_ms, 0.95) / pct(total_ms, 0.95) * 100:.0f}% of the publish at p95")]

    # Both indexes, made from nothing: ours by a full build (its `index_ms`), Pagefind's by
    # its CLI over the same pages.
    server.stop()
    build = subprocess.run([str(BIN), "build"], env=dict(env, CONCIERGE_LOG_FORMAT="json", RUST_LOG="warn,concierge_publish=info"),
                           capture_output=True, text=True, check=True)
    (work / "build.log").write_text(build.stdout + build.stderr)
    built = float(publish_lines(work / "build.log")[-1]["index_ms"])
    ours_files, ours_bytes = 0, 0
    for lang in ("en", "ar"):
        f, b = tree_size(site / "search" / lang)
        ours_files, ours_bytes = ours_files + f, ours_bytes + b
    pages_dir = work / f"pagefind-site-{blogs}"
    pages = searched_pages(site, pages_dir)
    out = site / "pagefind"
    shutil.rmtree(out, ignore_errors=True)
    wall, peak = timed([str(pagefind()), "--site", str(pages_dir), "--output-path", str(out), "--root-selector", "main",
                        "--exclude-selectors", ".island", "--exclude-selectors", "[data-search-ignore]", "--quiet"])
    theirs_files, theirs_bytes = tree_size(out)
    # Pagefind's search bundle (its scripts, the WebAssembly, the UI's files) beside its index.
    rows.append((f"Search: the index, {blogs:,} blogs", f"ours ({pages:,} pages' docs, both languages): files, bytes; "
                 f"made by a full build in", f"{ours_files:,} files, {ours_bytes / 1e6:.1f} MB; {built:.0f} ms",
                 f"Pagefind {PAGEFIND_VERSION}, the same pages", f"{theirs_files:,} files, {theirs_bytes / 1e6:.1f} MB; "
                 f"{wall * 1000:,.0f} ms, {peak:.0f} MB peak", f"{ours_bytes / theirs_bytes:.2f}× its bytes"))

    # In the browser, both served by `concierge serve` (gzip where the visitor asks for it).
    island = re.compile(r'<div class="island" data-island="site-search"[^\n]*')
    for lang in ("", "ar/"):
        page = (site / f"{lang}search/index.html").read_text()
        assert island.search(page), "the search page holds the site-search island on one line"
        page = island.sub(lambda _: (ROOT / "bench/pagefind.html").read_text(), page)
        page, wasm = re.subn(r"script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'", page)
        assert wasm == 1, "the page's policy names its scripts"
        (site / f"{lang}pagefind-bench").mkdir()
        (site / f"{lang}pagefind-bench/index.html").write_text(page)
        shutil.copy(ROOT / "bench/pagefind.js", site / f"{lang}pagefind-bench/search.js")
    server = Server(env, free_port())
    queries = work / "queries.json"
    queries.write_text(json.dumps(SEARCH_QUERIES))
    out_json = subprocess.run(["node", str(ROOT / "bench/search.mjs"), f"http://127.0.0.1:{server.port}", str(queries), str(runs)],
                              capture_output=True, text=True, check=True).stdout
    server.stop()
    for lang in ("", "ar/"):
        shutil.rmtree(site / f"{lang}pagefind-bench")
    shutil.rmtree(out, ignore_errors=True)
    shutil.rmtree(pages_dir, ignore_errors=True)
    for row in json.loads(out_json):
        ours, theirs = row["ours"], row["pagefind"]
        med = lambda runs, key: statistics.median(r[key] for r in runs)  # noqa: E731
        words = "two words" if " " in row["q"] else "one word"
        rows.append((f"Search: first results, {words} ({row['lang']}), {blogs:,} blogs",
                     f"“{row['q']}” on /search, first visit (the median of {runs}), CPU ×4 slower: time to the first result (to the page of "
                     f"{ours[0]['results']} results), bytes fetched",
                     f"{med(ours, 'ms'):.0f} ms ({med(ours, 'msAll'):.0f} ms), {med(ours, 'bytes') / 1000:.1f} kB in {med(ours, 'requests'):.0f} requests",
                     f"Pagefind's JS API, the same query ({theirs[0]['results']} shown at once)",
                     f"{med(theirs, 'ms'):.0f} ms, {med(theirs, 'bytes') / 1000:.1f} kB in {med(theirs, 'requests'):.0f} requests",
                     f"{med(ours, 'bytes') / med(theirs, 'bytes'):.2f}× its bytes, {med(ours, 'ms') / med(theirs, 'ms'):.2f}× its time"))
    return rows


def timed(cmd, env=None, cwd=None):
    """Wall seconds and peak RSS (MB) of a command, via GNU time."""
    out = subprocess.run(["/usr/bin/time", "-f", "%e %M", *cmd], env=env, cwd=cwd, capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"{cmd} failed: {out.stderr[-2000:]}")
    wall, kb = out.stderr.strip().splitlines()[-1].split()
    return float(wall), int(kb) / 1024


def count_pages(site):
    return sum(1 for p in Path(site).rglob("*.html"))


def hugo_site(work, blogs):
    site = work / "hugo"
    shutil.copytree(ROOT / "bench/hugo", site)
    css = next((ROOT / "ssg/assets").glob("site.css"))
    (site / "static/assets").mkdir(parents=True)
    shutil.copy(css, site / "static/assets/site.css")
    for lang in ["en", "ar"]:
        posts = site / f"content/{lang}/posts"
        posts.mkdir(parents=True)
        (site / f"content/{lang}/posts/_index.md").write_text("---\ntitle: Journal\n---\n")
        for i in range(blogs):
            arabic = lang == "ar" and i % 5 == 0
            title = f"{TOPICS_AR[i % len(TOPICS_AR)]} {i}" if arabic else f"{TOPICS[i % len(TOPICS)]} {i}"
            (posts / f"post-{i}.html").write_text(
                f"---\ntitle: \"{title}\"\ndate: 2026-01-01\nweight: {i}\nimage: /media/blog.svg\ndescription: \"{PARAGRAPH[:150]}\"\n"
                f"translationKey: post-{i}\n---\n{body_html(i, arabic)}\n")
    return site


def wrk(url, seconds, conns, header=True, script=None):
    cmd = ["wrk", "-t1", f"-c{conns}", f"-d{seconds}s", "--latency"]
    if header:
        cmd += ["-H", f"x-api-key: {KEY}"]
    if script:
        cmd += ["-s", script]
    out = subprocess.run(cmd + [url], capture_output=True, text=True, check=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))

    def pct(p):
        m = re.search(rf"\s{p}%\s+([\d.]+)(us|ms|s)", out)
        value, unit = float(m.group(1)), m.group(2)
        return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value

    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    total = int(re.search(r"(\d+) requests in", out).group(1))
    return {"rps": rps, "p50": pct(50), "p99": pct(99), "errors": int(non2xx.group(1)) if non2xx else 0, "requests": total}


ROUNDS = 3


def fetch(url, header):
    """The status and body of one GET."""
    host, _, path = url.removeprefix("http://").partition("/")
    c = http.client.HTTPConnection(*host.split(":"))
    c.request("GET", f"/{path}", headers={"x-api-key": KEY} if header else {})
    response = c.getresponse()
    return response.status, response.read()


def versus(ours, theirs, seconds, conns, header=True):
    """`ours` against nginx's `theirs`, alternately, ROUNDS rounds of half the row's seconds
    each; for each side its median round by requests a second. With one run each, a row was
    what the shared host gave those seconds.

    Both must answer 200 with the same bytes, before and throughout: until 26 November nginx's
    worker (user `nobody`) could not enter the benchmark's directory (`mkdtemp`, 0700) and every
    row compared our pages with nginx's 153-byte 403 page."""
    (status, body), (their_status, their_body) = fetch(ours, header), fetch(theirs, False)
    if (status, their_status) != (200, 200) or body != their_body:
        raise SystemExit(f"{ours} ({status}, {len(body)} bytes) and {theirs} ({their_status}, {len(their_body)} bytes) differ")
    runs = [], []
    for _ in range(ROUNDS):
        runs[0].append(wrk(ours, max(1, seconds // 2), conns, header=header))
        runs[1].append(wrk(theirs, max(1, seconds // 2), conns, header=False))
    if any(r["errors"] for side in runs for r in side):
        raise SystemExit(f"{ours} or {theirs} answered other than 2xx or 3xx under load")
    return [sorted(side, key=lambda r: r["rps"])[ROUNDS // 2] for side in runs]


def metrics_rows(env, args):
    """What counting every request for /metrics costs: the static and API rows against two
    servers started alike, one with CONCIERGE_METRICS=false, alternately."""
    counting = Server(dict(env, CONCIERGE_METRICS="true"), free_port())
    quiet = Server(dict(env, CONCIERGE_METRICS="false"), free_port())
    port = counting.port
    rows = []
    for name, path, header in [("static /about", "/about", False), ("API blog list", "/api/v1/blog?page=1&size=10", True)]:
        on, off = paired(f"http://127.0.0.1:{port}{path}", f"http://127.0.0.1:{quiet.port}{path}", args.seconds, args.conns, header)
        rows.append((f"Metrics on, {name}", f"`GET {path}`, every request counted for `/metrics`", f"{on['rps']:,.0f} req/s, p50 {on['p50']:.2f} ms, p99 {on['p99']:.2f} ms",
                     "`CONCIERGE_METRICS=false`", f"{off['rps']:,.0f} req/s, p50 {off['p50']:.2f} ms, p99 {off['p99']:.2f} ms",
                     f"{(on['rps'] / off['rps'] - 1) * 100:+.1f}% with metrics"))
    quiet.stop()
    counting.stop()
    return rows + metrics_cost_rows(env)


def instructions_per_request(env, metrics, path, header, seconds=5):
    """Instructions a request costs `concierge serve` (callgrind, counted only while wrk runs,
    after 200 warm-up requests): the same count whatever else the host is doing, where two
    identical servers' req/s differ by ±10% from run to run on this machine."""
    port = free_port()
    work = Path(tempfile.mkdtemp(prefix="concierge-callgrind-"))
    out = work / "callgrind.out"
    proc = subprocess.Popen(["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}",
                             str(BIN), "serve"], env=dict(env, CONCIERGE_METRICS=metrics, CONCIERGE_ADDR=f"127.0.0.1:{port}"),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}{path}"
    deadline = time.time() + 300
    while True:
        try:
            if fetch(f"http://127.0.0.1:{port}/healthz", False)[0] == 200:
                break
        except OSError:
            pass
        if time.time() > deadline:
            raise SystemExit("concierge serve did not start under valgrind")
        time.sleep(0.5)
    for _ in range(200):
        fetch(url, header)
    subprocess.run(["callgrind_control", "-i", "on", str(proc.pid)], check=True, capture_output=True)
    load = wrk(url, seconds, 4, header=header)
    subprocess.run(["callgrind_control", "-i", "off", str(proc.pid)], check=True, capture_output=True)
    subprocess.run(["callgrind_control", "-d", str(proc.pid)], check=True, capture_output=True)
    time.sleep(1)
    proc.terminate()
    proc.wait(timeout=60)
    total = sum(int(m.group(1)) for f in work.glob("callgrind.out*")
                for m in re.finditer(r"^totals: (\d+)", f.read_text(), re.M))
    requests = load["requests"]
    shutil.rmtree(work, ignore_errors=True)
    return total / requests


def metrics_cost_rows(env):
    """What counting a request costs, in instructions: metrics on against off."""
    if not shutil.which("valgrind"):
        return []
    rows = []
    for name, path, header in [("static /about", "/about", False), ("API blog list", "/api/v1/blog?page=1&size=10", True)]:
        on = instructions_per_request(env, "true", path, header)
        off = instructions_per_request(env, "false", path, header)
        rows.append((f"Metrics cost, {name}", f"instructions per `GET {path}` (callgrind), every request counted", f"{on:,.0f}",
                     "`CONCIERGE_METRICS=false`", f"{off:,.0f}", f"{(on / off - 1) * 100:+.1f}% with metrics"))
    return rows


def paired(a, b, seconds, conns, header):
    """Two of our servers, alternately, as [`versus`] runs ours and nginx: each side's median
    round."""
    if fetch(a, header) != fetch(b, header):
        raise SystemExit(f"{a} and {b} answer differently")
    runs = [], []
    for _ in range(ROUNDS):
        runs[0].append(wrk(a, max(1, seconds // 2), conns, header=header))
        runs[1].append(wrk(b, max(1, seconds // 2), conns, header=header))
    return [sorted(side, key=lambda r: r["rps"])[ROUNDS // 2] for side in runs]


class Nginx:
    def __init__(self, work, root, port):
        conf = work / f"nginx-{port}.conf"
        conf.write_text(f"""
worker_processes 1; daemon off; pid {work}/nginx-{port}.pid; error_log {work}/nginx-{port}.err;
events {{ worker_connections 1024; }}
http {{
  access_log off; sendfile on; tcp_nopush on; keepalive_requests 100000;
  types {{ text/html html; application/json json; text/css css; }}
  default_type application/octet-stream;
  server {{ listen 127.0.0.1:{port}; root {root}; }}
}}""")
        self.proc = subprocess.Popen(["nginx", "-c", str(conf), "-p", str(work)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(0.5)

    def stop(self):
        self.proc.terminate()
        self.proc.wait()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--blogs", type=int, default=5000)
    parser.add_argument("--edits", type=int, default=100)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--conns", type=int, default=32)
    parser.add_argument("--out", default=str(ROOT / "docs/benchmarks.md"))
    parser.add_argument("--corpus-only", metavar="DIR", help="only make the corpus, into DIR, and stop (for profiling)")
    parser.add_argument("--photo-only", action="store_true", help="only the photograph row (6), printed, not written")
    parser.add_argument("--scale", type=int, default=50000, help="blogs in the scale rows (7), copies of the corpus's; 0: none")
    parser.add_argument("--edge-only", action="store_true", help="only the edge rows (8), printed, not written")
    parser.add_argument("--metrics-only", action="store_true", help="only the metrics on/off rows (5b), printed, not written")
    parser.add_argument("--search-only", action="store_true", help="only the search rows (9), at both sizes, printed, not written")
    args = parser.parse_args()
    for tool in ([] if args.photo_only or args.search_only or args.corpus_only else ["varnishd", "varnishstat"] if args.edge_only
                 else ["wrk"] if args.metrics_only
                 else ["hugo", "nginx", "wrk", "/usr/bin/time", "varnishd", "varnishstat"]):
        if not shutil.which(tool):
            raise SystemExit(f"{tool} is missing: apt-get install -y hugo nginx wrk time varnish varnish-modules")
    work = Path(args.corpus_only) if args.corpus_only else Path(tempfile.mkdtemp(prefix="concierge-bench-"))
    work.mkdir(parents=True, exist_ok=True)
    # nginx's worker runs as `nobody`: it must be able to enter the directory it serves from.
    work.chmod(0o755)
    if args.photo_only:
        for row in photo_rows(work):
            print(" | ".join(row))
        shutil.rmtree(work, ignore_errors=True)
        return
    env = dict(os.environ, CONCIERGE_DATA_DIR=str(work / "data"), CONCIERGE_API_KEY=KEY, RUST_LOG="warn",
               CONCIERGE_SITE_URL="http://127.0.0.1:8080")
    islands = ROOT / "site-islands/dist"
    env["CONCIERGE_ISLANDS_DIR"] = str(islands)
    # The contact POSTs come from many visitors through a proxy (a random X-Forwarded-For per
    # request), each counted against the default limit (10 in 10 minutes) as real ones are.
    env["CONCIERGE_TRUSTED_PROXIES"] = "127.0.0.1"
    # One HTTP worker, as nginx here has one worker process: wrk has the other core.
    env["CONCIERGE_WORKERS"] = "1"
    rows = []
    print(f"bench: the demo site and {args.blogs} blogs through the API …", flush=True)
    started = time.time()
    ids = make_corpus(env, args.blogs)
    print(f"bench: corpus ready in {time.time() - started:.0f} s", flush=True)
    if args.corpus_only:
        print(f"bench: corpus kept in {work} (CONCIERGE_DATA_DIR={work / 'data'}, CONCIERGE_API_KEY={KEY})")
        return
    if args.edge_only:
        for row in edge_rows(env, work / "data/site", ids, args.edits):
            print(" | ".join(row))
        shutil.rmtree(work, ignore_errors=True)
        return
    if args.search_only:
        rows = search_rows(env, work, ids, min(args.edits, 50), len(ids))
        if args.scale:
            rows += scale_rows(work, args.scale, min(args.edits, 50), args.blogs, only_search=True)
        for row in rows:
            print(" | ".join(row))
        shutil.rmtree(work, ignore_errors=True)
        return
    if args.metrics_only:
        server, _ = signed_in(env)
        server.stop()
        for row in metrics_rows(env, args):
            print(" | ".join(row))
        shutil.rmtree(work, ignore_errors=True)
        return

    # 1. Full build, three runs each; the best wall time and its peak memory.
    site = work / "data/site"
    builds = [timed([str(BIN), "build"], env=env) for _ in range(3)]
    ours = min(builds)
    pages = count_pages(site)
    hugo = hugo_site(work, args.blogs)
    hugo_runs = [timed(["hugo", "--quiet", "-d", str(work / "hugo-public")], cwd=hugo) for _ in range(3)]
    theirs = min(hugo_runs)
    hugo_pages = count_pages(work / "hugo-public")
    rows.append(("Full build", f"`concierge build` (the demo site and {args.blogs} blogs → {pages} pages)", f"{ours[0]:.2f} s, {pages / ours[0]:,.0f} pages/s, {ours[1]:.0f} MB peak",
                 f"`hugo` ({hugo_pages} pages)", f"{theirs[0]:.2f} s, {hugo_pages / theirs[0]:,.0f} pages/s, {theirs[1]:.0f} MB peak",
                 f"{theirs[0] / ours[0]:.1f}× faster, {theirs[1] / ours[1]:.1f}× less memory"))

    # 2. Incremental publish: edit one blog through the API until both its pages show it.
    server, api = signed_in(env)
    port = server.port
    rows += edit_rows(api, work / "data", ids, args.edits, len(ids), ours[0])

    # 3. API reads against nginx serving the same bytes; 4. static pages; 5. RSS over these runs,
    # from a server at rest: the last edit's publish finished and its memory given back (the
    # worker does that within a second of the queue draining; it counts in row 2's peak).
    wait_published(api)
    time.sleep(1.0)
    publish_peak = server.rss_peak_mb()
    server.reset_rss_peak()
    static_root = work / "static"
    static_root.mkdir()
    reads = {"blog": "/api/v1/blog?page=1&size=10", "services": "/api/v1/our-services/display/display-order?page=1&size=10"}
    for name, path in reads.items():
        (static_root / f"{name}.json").write_bytes(fetch(f"http://127.0.0.1:{port}{path}", header=True)[1])
    nginx_port = free_port()
    nginx = Nginx(work, static_root, nginx_port)
    for name, path in reads.items():
        a, b = versus(f"http://127.0.0.1:{port}{path}", f"http://127.0.0.1:{nginx_port}/{name}.json", args.seconds, args.conns)
        rows.append((f"API read: {name}", f"`GET {path}` (SQLite)", f"{a['rps']:,.0f} req/s, p50 {a['p50']:.2f} ms, p99 {a['p99']:.2f} ms",
                     "nginx, same bytes as a file", f"{b['rps']:,.0f} req/s, p50 {b['p50']:.2f} ms, p99 {b['p99']:.2f} ms",
                     f"{a['rps'] / b['rps']:.2f}× nginx"))
    nginx.stop()
    lua = contact_script(work)
    before = count_contacts(api)
    post = wrk(f"http://127.0.0.1:{port}/api/v1/contact-us", args.seconds, args.conns, script=str(lua))
    stored = count_contacts(api) - before
    rows.append(("API write", "`POST /api/v1/contact-us` from many addresses (SQLite, synchronous=FULL)", f"{post['rps']:,.0f} req/s, p50 {post['p50']:.2f} ms, p99 {post['p99']:.2f} ms",
                 "rows stored", f"{stored:,}", f"{post['errors']} non-2xx"))
    nginx = Nginx(work, site, nginx_port)
    a, b = versus(f"http://127.0.0.1:{port}/about", f"http://127.0.0.1:{nginx_port}/about/index.html", args.seconds, args.conns, header=False)
    nginx.stop()
    rows.append(("Static page", "`concierge serve` GET /about", f"{a['rps']:,.0f} req/s, p50 {a['p50']:.2f} ms, p99 {a['p99']:.2f} ms",
                 "nginx, the same file", f"{b['rps']:,.0f} req/s, p50 {b['p50']:.2f} ms, p99 {b['p99']:.2f} ms", f"{a['rps'] / b['rps']:.2f}× nginx"))
    rows.append(("Server memory", "peak RSS of `concierge serve` over the load runs (3, 4)", f"{server.rss_peak_mb():.0f} MB (now {server.rss_mb():.0f} MB)",
                 "peak from start through the edits (2)", f"{publish_peak:.0f} MB", ""))
    # 5b. What counting every request for /metrics costs: the same rows against a second server
    # with CONCIERGE_METRICS=false, alternately.
    server.stop()
    rows += metrics_rows(env, args)
    print("bench: site search …", flush=True)
    rows += search_rows(env, work, ids, min(args.edits, 50), len(ids))
    print("bench: the edge …", flush=True)
    rows += edge_rows(env, site, ids, args.edits)
    if args.scale:
        print(f"bench: {args.scale} blogs …", flush=True)
        rows += scale_rows(work, args.scale, min(args.edits, 50), args.blogs)
    rows += photo_rows(work)
    write_report(args, rows)
    shutil.rmtree(work, ignore_errors=True)


def contact_script(work):
    """A wrk script that posts the contact form, each request from another visitor's address."""
    lua = work / "contact.lua"
    lua.write_text('''wrk.method = "POST"
wrk.headers["content-type"] = "application/json"
wrk.body = '{"first_name":"Layla","last_name":"Haddad","phone":"+971 50 123 4567","email":"layla@example.ae","subject":"Arrival","message":"Meet and greet for two."}'
math.randomseed(os.time())
request = function()
  wrk.headers["x-forwarded-for"] = string.format("10.%d.%d.%d", math.random(0, 255), math.random(0, 255), math.random(1, 254))
  return wrk.format()
end
''')
    return lua


def count_contacts(api):
    _, body = api.call("GET", "/contact-us?page=1&size=1")
    return body["responseBody"]["totalCount"]


def write_report(args, rows):
    cpu = next((l.split(":", 1)[1].strip() for l in Path("/proc/cpuinfo").read_text().splitlines() if l.startswith("model name")), platform.processor())
    mem = int(re.search(r"MemTotal:\s+(\d+)", Path("/proc/meminfo").read_text()).group(1)) // 1024 // 1024
    when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    command = f"just bench  (python3 bench/run.py --blogs {args.blogs} --edits {args.edits} --seconds {args.seconds} --conns {args.conns})"
    lines = [
        "# Benchmarks", "",
        f"Measured {when} on {os.cpu_count()} cores ({cpu}), {mem} GiB, by `{command}`.",
        "Release build; every comparison in the same run on the same machine; loopback only; one server worker each (`CONCIERGE_WORKERS=1`, nginx's `worker_processes 1`); wrk with 1 thread and "
        f"{args.conns} connections for {args.seconds} s per row (client and server share the two cores); against nginx, "
        f"each side {ROUNDS} rounds of {max(1, args.seconds // 2)} s, alternately, its median round shown.", "",
        "| what | ours | result | against | result | ratio |", "|---|---|---|---|---|---|",
    ]
    lines += [f"| {' | '.join(r)} |" for r in rows]
    lines += ["", "Goals (issue 18; the benchmark's, not timed tests): full build ≤ 1.2 s, ≤ 100 MB peak and ≥ 25× Hugo; "
              "one blog edit live at p95 ≤ 20 ms, max ≤ 100 ms; blog list ≥ 0.8× nginx, services ≥ 0.9× nginx; /about ≥ 1.0× nginx "
              "with p99 ≤ 2× nginx's; contact POST at the same rate or better with p99 ≤ 25 ms; server peak RSS ≤ 64 MB; "
              "(issue 43) an edit through Varnish at p95 ≤ 30 ms, the purge adding < 5 ms at p95, hit ratio > 99%, "
              "< 10 origin requests per 1,000 views; (issue 45) at 50,060 blogs a full build at ≥ 0.8× the pages/s of 5,000 blogs, "
              "and each kind of edit (text, reorder, rename) at p95 ≤ 1.5× its p95 at 5,000 blogs, max < 50 ms at both sizes; "
              "(issue 56) site search: no more bytes than Pagefind per query, an edit's index update under 5 ms at p95, "
              "first results under 150 ms with the CPU slowed four times.", ""]
    # What follows the table (profiles, the growth curve) is written by hand and kept.
    out = Path(args.out)
    if out.exists() and "\n## " in out.read_text():
        old = out.read_text()
        lines += [old[old.index("\n## ") + 1:].rstrip(), ""]
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
