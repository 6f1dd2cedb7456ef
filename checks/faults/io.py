#!/usr/bin/env python3
"""The I/O fault suite: nothing acknowledged is lost, nothing refused is half-done.

`concierge serve` runs under checks/faults/inject.c (an LD_PRELOAD injector of the libfiu kind)
that makes the server's own disk calls fail: EIO and ENOSPC on open, write, pwrite, fsync,
fdatasync and rename, and short writes, on files under the data directory only. A scripted
workload makes every kind of write the product acknowledges; each run then checks:

- while faulted: every answer is the workload's 2xx, or 503 with `Retry-After` and the API's
  message; never a 500, a dropped connection, a hang or a dead process;
- when the faults stop: the same server takes writes again and its queues drain (no restart);
- after a restart without faults: every write answered 2xx is there with what it said; nothing
  refused is half there (files without rows, rows without files, enquiries without their
  message); the live site equals a full build; each stored enquiry was emailed exactly once.

Modes: `--nth` fails the N-th armed call (N swept over every call the workload makes, or a
sample of them), `--random` fails calls at a probability under several seeds; `--postgres`
runs the workload on PostgreSQL while its backends are terminated and the server restarted.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import email
import hashlib
import json
import os
import random
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import zlib
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(os.environ.get("CONCIERGE_BIN", ROOT / "target/debug/concierge"))
INJECTOR = Path(os.environ.get("FAULTS_INJECTOR", ROOT / "target/faults/inject.so"))
KEY = "concierge-dev-key"
ADMIN, PASSWORD = "faults", "a fault suite's long passphrase"
STAFF = "desk@faults.example"
FAULTS = ("EIO", "ENOSPC", "SHORT")


# ---------------------------------------------------------------------------------------------
# An SMTP server on loopback (aiosmtpd): every message the server sends, as it arrived.


class Mailbox:
    def __init__(self) -> None:
        from aiosmtpd.controller import Controller

        self.messages: list[tuple[list[str], str]] = []
        self.lock = threading.Lock()
        outer = self

        class Handler:
            async def handle_DATA(self, server, session, envelope):  # noqa: N802 (aiosmtpd's name)
                text = envelope.content.decode("utf-8", "replace")
                with outer.lock:
                    outer.messages.append((list(envelope.rcpt_tos), text))
                return "250 OK"

        self.controller = Controller(Handler(), hostname="127.0.0.1", port=free_port())
        self.controller.start()
        self.url = f"smtp://127.0.0.1:{self.controller.port}"

    def containing(self, token: str) -> list[tuple[list[str], str]]:
        with self.lock:
            return [(to, text) for to, text in self.messages if token in decoded(text)]

    def stop(self) -> None:
        self.controller.stop()


def decoded(raw: str) -> str:
    """A message's headers and every text part, decoded (bodies are often base64 or QP)."""
    message = email.message_from_string(raw)
    parts = [str(message.get("Subject", ""))]
    for part in message.walk():
        if part.get_content_maintype() == "text":
            payload = part.get_payload(decode=True) or b""
            parts.append(payload.decode(part.get_content_charset() or "utf-8", "replace"))
    return "\n".join(parts)


# ---------------------------------------------------------------------------------------------
# The server, its data directory and the HTTP client.


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Answer:
    status: int
    body: object
    headers: dict

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 300


RUNNING: list["Server"] = []  # every server started, stopped at the end whatever happened


class Server:
    def __init__(self, data: Path, db_url: str, mailbox: Mailbox, faults: dict | None):
        self.data, self.db_url, self.port = data, db_url, free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.token = None
        self.report = data.parent / "faults.report"
        env = base_env(data, db_url) | {
            "CONCIERGE_ADDR": f"127.0.0.1:{self.port}",
            "CONCIERGE_SMTP_URL": mailbox.url,
            "CONCIERGE_NOTIFY_EMAIL": STAFF,
            "CONCIERGE_FORM_LIMIT": "1000000/1m",
        }
        command = [str(BIN), "serve"]
        mode = faults.get("FAULTS_MODE") if faults else None
        self.fiu = mode == "fiu"
        log_path = data.parent / f"serve-{self.port}.log"
        if mode == "log":
            # Every log line fails to be written (ENOSPC), and there is one for each request.
            log_path, env["RUST_LOG"], faults = Path("/dev/full"), "info", None
        if self.fiu:
            # Debian's fiu-run, with remote control: its points are armed after the start.
            self.fifo = str(data.parent / "fiu-ctrl")
            command = ["fiu-run", "-x", "-f", self.fifo, *command]
            self.fiu_probability = faults["FAULTS_PROBABILITY"]
        self.injector = not self.fiu and faults is not None
        if self.injector:
            env |= {
                "LD_PRELOAD": str(INJECTOR),
                "FAULTS_DIR": str(data),
                "FAULTS_REPORT": str(self.report),
                **{k: str(v) for k, v in faults.items()},
            }
        self.log = open(log_path, "wb")
        self.process = subprocess.Popen(command, env=env, stdout=self.log, stderr=subprocess.STDOUT)
        RUNNING.append(self)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"concierge serve exited with {self.process.returncode}")
            try:
                if self.call("GET", "/healthz", raw=True).status == 200:
                    break
            except OSError:
                time.sleep(0.05)
        else:
            raise RuntimeError("concierge serve did not answer /healthz within 30 s")

    def sign_in(self) -> None:
        answer = self.call(
            "POST", "/api/v1/authenticate", {"username": ADMIN, "password": PASSWORD}, auth=False
        )
        assert answer.ok, f"sign-in: {answer.status} {answer.body}"
        self.token = answer.body["responseBody"]["token"]

    def call(self, method, path, body=None, *, auth=True, raw=False, files=None, timeout=20):
        headers = {"x-api-key": KEY, "accept-language": "en"}
        if auth and self.token:
            headers["authorization"] = f"Bearer {self.token}"
        data = None
        if files is not None:
            boundary = "faults" + hashlib.sha1(os.urandom(8)).hexdigest()
            name, mime, content = files
            data = (
                f'--{boundary}\r\ncontent-disposition: form-data; name="file"; filename="{name}"'
                f"\r\ncontent-type: {mime}\r\n\r\n"
            ).encode() + content + f"\r\n--{boundary}--\r\n".encode()
            headers["content-type"] = f"multipart/form-data; boundary={boundary}"
        elif body is not None:
            data = json.dumps(body).encode()
            headers["content-type"] = "application/json"
        request = urllib.request.Request(self.base + path, data, headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                status, text, got = response.status, response.read(), dict(response.headers)
        except urllib.error.HTTPError as err:
            status, text, got = err.code, err.read(), dict(err.headers)
        if raw:
            return Answer(status, text, got)
        try:
            parsed = json.loads(text) if text else None
        except ValueError:
            parsed = text.decode("utf-8", "replace")
        return Answer(status, parsed, got)

    def arm(self, on: bool) -> None:
        """Starts (or stops) the faults: a signal to the injector, or fiu-ctrl's commands."""
        if not self.fiu and not self.injector:
            return
        if not self.fiu:
            self.process.send_signal(signal.SIGUSR1 if on else signal.SIGUSR2)
            time.sleep(0.05)
            return
        # fsync, fdatasync and rename are only ever called on files, so libfiu's own points
        # can fail them anywhere; its write and open points would also fail sockets, pipes
        # and the runtime's eventfd (inject.c fails those on the data directory only).
        points = ("posix/io/sync/*", "posix/io/dir/rename")
        commands = [
            f"enable_random name={point},probability={self.fiu_probability}" if on else f"disable name={point}"
            for point in points
        ]
        args = ["fiu-ctrl", "-f", self.fifo]
        for command in commands:
            args += ["-c", command]
        subprocess.run([*args, str(self.process.pid)], check=True, capture_output=True, timeout=10)

    def stop(self) -> int | None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
                return None
        self.log.close()
        return self.process.returncode

    def alive(self) -> bool:
        return self.process.poll() is None

    def drained(self, timeout=45.0) -> str | None:
        """Waits until no publish job, message or purge is pending; None, or what is still open."""
        deadline = time.monotonic() + timeout
        last = ""
        while time.monotonic() < deadline:
            try:
                publish = self.call("GET", "/api/v1/publish/status")
                notify = self.call("GET", "/api/v1/notifications/status")
            except OSError as err:
                last = f"status unreachable: {err}"
                time.sleep(0.2)
                continue
            if publish.ok and notify.ok:
                p, n = publish.body["responseBody"], notify.body["responseBody"]
                if p["failedJobs"] or n["failed"]:
                    return f"set aside: jobs {p['failedJobs']} messages {n['failed']}"
                if p["pendingJobs"] == 0 and n["pending"] == 0:
                    return None
                last = f"pending: {p['pendingJobs']} jobs, {n['pending']} messages"
            else:
                last = f"status: {publish.status} {notify.status}"
            time.sleep(0.1)
        return last


def base_env(data: Path, db_url: str) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CONCIERGE_", "FAULTS_"))}
    env.pop("LD_PRELOAD", None)
    return env | {
        "CONCIERGE_DATA_DIR": str(data),
        "CONCIERGE_DATABASE_URL": db_url,
        "CONCIERGE_ISLANDS_DIR": str(data.parent / "no-islands"),
        "CONCIERGE_SITE_URL": "https://faults.example",
        "RUST_LOG": os.environ.get("FAULTS_RUST_LOG", "warn"),
    }


def concierge(data: Path, db_url: str, *args: str, extra: dict | None = None) -> str:
    env = base_env(data, db_url) | (extra or {})
    done = subprocess.run([str(BIN), *args], env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"concierge {' '.join(args)}: {done.stderr or done.stdout}")
    return done.stdout


def png(width: int, height: int, seed: int) -> bytes:
    """A real PNG photograph-sized enough to get variants: a gradient with a seed's colour."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rng = random.Random(seed)
    r, g, b = rng.randrange(256), rng.randrange(256), rng.randrange(256)
    rows = b"".join(
        b"\0" + bytes((r + x) % 256 if i % 3 == 0 else (g + y) % 256 if i % 3 == 1 else b
                      for x in range(width) for i in range(3))
        for y in range(height)
    )
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


# ---------------------------------------------------------------------------------------------
# The workload: every kind of write the product acknowledges, each followed by a wait for what
# it queued (so the N-th call is nearly the same call from run to run).


@dataclass
class Run:
    server: Server
    findings: list = field(default_factory=list)
    acknowledged: list = field(default_factory=list)  # (what, check) pairs for after the restart
    refused: list = field(default_factory=list)  # (what, status)
    injected: list = field(default_factory=list)  # the injector's "fault …" lines

    def write(self, what: str, method: str, path: str, body=None, files=None, check=None):
        """One write; its answer must be 2xx or 503 with Retry-After. Returns the answer or None."""
        try:
            answer = self.server.call(method, path, body, files=files)
        except OSError as err:
            self.findings.append(f"{what}: no answer ({err})")
            return None
        if answer.ok:
            if check is not None:
                self.acknowledged.append((what, check(answer)))
            return answer
        if answer.status == 503:
            if "Retry-After" not in answer.headers and "retry-after" not in answer.headers:
                self.findings.append(f"{what}: 503 without Retry-After")
            if not isinstance(answer.body, dict) or not answer.body.get("message"):
                self.findings.append(f"{what}: 503 without the API's message: {answer.body!r}")
            self.refused.append((what, answer.status))
            return None
        self.findings.append(f"{what}: {answer.status} {str(answer.body)[:300]}")
        return None

    def settle(self, what: str) -> None:
        """Waits for the queues a write filled (publish jobs, messages) before the next one."""
        if not self.server.alive():
            self.findings.append(f"after {what}: the server died")
            raise SystemExit
        self.server.drained(timeout=1.5)


def first_id(body) -> int | None:
    if isinstance(body, dict):
        for key in ("responseBody", "responseData", "result"):
            if key in body:
                found = first_id(body[key])
                if found is not None:
                    return found
        value = body.get("id")
        return value if isinstance(value, int) else None
    if isinstance(body, list) and body:
        return first_id(body[0])
    return None


def workload(run: Run, tag: str) -> None:
    """Every acknowledged kind of write, each made once (the sweep's N ranges over its calls)."""
    c = run

    def created(what, path, body, read_path, expect, method="POST"):
        answer = c.write(what, method, path, body)
        ident = first_id(answer.body) if answer else None
        if ident is not None:
            c.acknowledged.append((what, ("read", read_path.format(id=ident), expect)))
        c.settle(what)
        return ident

    sid = created("service create", "/api/v1/our-services",
                  {"name": f"Valet {tag}", "description": "Discreet valet at private residences.",
                   "content": "Uniformed, vetted drivers.", "display_order": 40,
                   "image_url": "/media/valet.svg", "color": "#0B1F3A", "name_ar": "صف السيارات"},
                  "/api/v1/our-services/{id}", {"name": f"Valet {tag}"})
    if sid is not None:
        body = {"name": f"Valet {tag}", "description": f"Edited {tag}.", "content": "Uniformed.",
                "display_order": 40, "image_url": "/media/valet.svg", "color": "#0B1F3A"}
        if c.write("service update", "PUT", f"/api/v1/our-services/{sid}", body):
            c.acknowledged.append(("service update", ("read", f"/api/v1/our-services/{sid}",
                                                      {"description": f"Edited {tag}."})))
        c.settle("service update")
        created("service item create", "/api/v1/list-of-services",
                {"our_service_id": str(sid), "name": f"Residence valet {tag}", "display_order": 1,
                 "image_url": "/media/valet.svg"},
                "/api/v1/list-of-services/{id}", {"name": f"Residence valet {tag}"})

    bid = created("blog create", "/api/v1/blog", blog_body(f"Arrivals {tag}"),
                  "/api/v1/blog/{id}", {"name": f"Arrivals {tag}"})
    if bid is not None:
        body = blog_body(f"Arrivals {tag}") | {"status": "draft", "meta_title": f"Draft {tag}"}
        title = f"Arrivals {tag}"
        if c.write("blog draft", "PUT", f"/api/v1/blog/{bid}", body):
            title = f"Draft {tag}"
            c.acknowledged.append(("blog draft", ("read", f"/api/v1/blog/{bid}", {"meta_title": title})))
        c.settle("blog draft")
        if c.write("blog publish", "POST", f"/api/v1/content/blog/{bid}/publish"):
            c.acknowledged.append(("blog publish", ("read", f"/api/v1/blog/{bid}",
                                                    {"status": "published", "meta_title": title,
                                                     "hasPendingChanges": False})))
        c.settle("blog publish")

    rid = created("review create", "/api/v1/client-reviewes",
                  {"title": "Private banking client", "name": f"H. {tag}",
                   "description": "Flawless from the jet bridge to the door.", "display_order": 9,
                   "image_url": "/media/r.svg", "name_ar": "عميل", "title_ar": "عميل مصرفي"},
                  "/api/v1/client-reviewes/{id}", {"name": f"H. {tag}"})
    if rid is not None:
        if c.write("review delete", "DELETE", f"/api/v1/client-reviewes/{rid}"):
            c.acknowledged.pop()  # the create's read-back: a deleted review answers 404
            c.acknowledged.append(("review delete", ("gone", f"/api/v1/client-reviewes/{rid}", {})))
        c.settle("review delete")

    created("banner create", "/api/v1/flashy-banner",
            [{"banner_name": f"Eid {tag}", "banner_url": "/media/eid.svg", "image_id": "eid.svg",
              "title": "Eid, arranged", "title_ar": "عيد بترتيب أنيق", "web_url": "/services"}],
            "/api/v1/flashy-banner/get-flashy-banner-by-id/{id}", {"banner_name": f"Eid {tag}"})
    created("general content create", "/api/v1/general-content-section",
            {"name": f"site.faults.{tag}", "values": f"Value {tag}", "values_ar": "قيمة",
             "display_order": 50},
            "/api/v1/general-content-section/{id}", {"name": f"site.faults.{tag}"})

    upload = c.write("upload", "POST", "/api/v1/blob-upload",
                     files=(f"harbour-{tag}.png", "image/png", png(1100, 700, hash(tag) & 0xFFFF)))
    name = None
    if upload:
        url = upload.body.get("responseData") if isinstance(upload.body, dict) else None
        if isinstance(url, str):
            name = url.removeprefix("/media/")
            c.acknowledged.append(("upload", ("media", name, {"original_name": f"harbour-{tag}.png"})))
        else:
            c.findings.append(f"upload: 2xx without the file's URL: {upload.body!r}")
    c.settle("upload")
    if name:
        if c.write("media edit", "PUT", f"/api/v1/media/{name}", {"alt": f"Harbour {tag}"}):
            c.acknowledged.append(("media edit", ("media", name, {"alt": f"Harbour {tag}"})))
        c.settle("media edit")

    contact = c.write("contact", "POST", "/api/v1/contact-us",
                      {"first_name": "Noura", "last_name": f"Q{tag}", "phone": "+971 50 123 4567",
                       "email": f"noura.{tag}@example.ae", "subject": f"Arrival {tag}",
                       "message": f"Meet and greet for three on Friday, {tag}."})
    cid = first_id(contact.body) if contact else None
    if contact:
        c.acknowledged.append(("contact", ("enquiry", "/api/v1/contact-us", f"Q{tag}")))
    c.settle("contact")
    airport = c.write("airport request", "POST", "/api/v1/airport-requests", airport_body(tag))
    if airport:
        c.acknowledged.append(("airport request", ("enquiry", "/api/v1/airport-requests", f"F{tag}")))
    c.settle("airport request")
    if cid is not None:
        if c.write("desk status", "PUT", f"/api/v1/contact-us/{cid}", {"status": "in_progress"}):
            c.acknowledged.append(("desk status", ("read", f"/api/v1/contact-us/{cid}", {"status": "in_progress"})))
        c.settle("desk status")
        if c.write("desk note", "POST", f"/api/v1/contact-us/{cid}/notes", {"text": f"Called back {tag}"}):
            c.acknowledged.append(("desk note", ("note", f"/api/v1/contact-us/{cid}", f"Called back {tag}")))
        c.settle("desk note")
    if c.write("subscription", "POST", "/api/v1/subscription", {"email": f"layla.{tag}@example.ae"}):
        c.acknowledged.append(("subscription", ("subscriber", "/api/v1/subscription", f"layla.{tag}@example.ae")))
    c.settle("subscription")


def blog_body(name: str) -> dict:
    return {"name": name, "display_order": 3, "image_url": "/media/blog.svg",
            "description": "<p>Arrivals, handled.</p>", "meta_title": name,
            "meta_description": "A note from the concierge desk", "key_words": "concierge, travel",
            "name_ar": "وصول بلا عناء", "description_ar": "<p>استقبال هادئ.</p>"}


def airport_body(tag: str) -> dict:
    return {"country": "SA", "city": "Riyadh", "airport": "RUH", "terminal": "Terminal 1",
            "flightNumber": "sv 123", "departureArrival": "arrival", "date": "2099-12-01",
            "time": "14:30", "services": ["meetGreet", "fastTrack"],
            "passengerDetails": {"title": "mrs", "fullName": f"Noura F{tag}",
                                 "mobile": "+966 50 123 4567", "email": f"f.{tag}@example.sa"},
            "meetGreet": {"meetingPoint": "Arrivals hall, gate B", "signageName": "Mrs Al-Qahtani",
                          "numPassengers": "3", "language": "arabic", "assistence": "A wheelchair"},
            "lang": "en", "elapsed_ms": 45000, "company_website": ""}


# ---------------------------------------------------------------------------------------------
# After the restart: what was acknowledged is there, what was refused is not half there.


def item_of(answer: Answer) -> dict | None:
    """The one record of an item envelope (`responseBody`, an object or a list of one)."""
    item = answer.body.get("responseBody") if isinstance(answer.body, dict) else None
    item = item[0] if isinstance(item, list) and item else item
    return item if isinstance(item, dict) else None


def verify(server: Server, run: Run, mailbox: Mailbox, tag: str) -> list[str]:
    problems = []
    for what, (kind, path, expect) in run.acknowledged:
        if kind == "read":
            answer = server.call("GET", path)
            item = item_of(answer)
            if answer.status != 200 or not isinstance(item, dict):
                problems.append(f"lost: {what} ({path} answers {answer.status})")
                continue
            for key, value in expect.items():
                if item.get(key) != value:
                    problems.append(f"lost: {what} ({path} has {key}={item.get(key)!r}, not {value!r})")
        elif kind == "gone":
            answer = server.call("GET", path)
            if answer.status != 404:
                problems.append(f"lost: {what} ({path} answers {answer.status}, not 404)")
        elif kind == "media":
            answer = server.call("GET", f"/api/v1/media/{path}")
            item = item_of(answer)
            if answer.status != 200 or not isinstance(item, dict):
                problems.append(f"lost: {what} (/api/v1/media/{path} answers {answer.status})")
                continue
            for key, value in expect.items():
                if item.get(key) != value:
                    problems.append(f"lost: {what} ({key}={item.get(key)!r}, not {value!r})")
            file = server.call("GET", f"/media/{path}", raw=True, auth=False)
            if file.status != 200 or not file.body:
                problems.append(f"lost: {what} (/media/{path} answers {file.status})")
            if what == "upload":
                # A photograph's variants are made once the disk is back, never given up on.
                status = media_status(server, path)
                if status != "ready":
                    problems.append(f"half-done: the photograph {path} is {status!r}, not 'ready'")
        elif kind in ("enquiry", "subscriber", "note"):
            text = json.dumps(server.call("GET", path + ("" if kind == "note" else "?size=500")).body,
                              ensure_ascii=False)
            if expect not in text:
                problems.append(f"lost: {what} ({expect!r} is not in {path})")
    problems += orphans(server)
    problems += messages(server, mailbox, tag)
    return problems


def media_status(server: Server, name: str, timeout: float = 30.0) -> str | None:
    """A library file's status once its variants stop being pending (or after `timeout`)."""
    deadline = time.monotonic() + timeout
    status = None
    while time.monotonic() < deadline:
        answer = server.call("GET", f"/api/v1/media/{name}")
        item = item_of(answer)
        status = item.get("status") if item else None
        if status != "pending":
            return status
        time.sleep(0.2)
    return status


def orphans(server: Server) -> list[str]:
    """Library files without a row, and rows without their file (what the site would show)."""
    problems = []
    listed = server.call("GET", "/api/v1/media?size=500")
    rows = listed.body["responseBody"]["result"] if listed.ok else []
    names = {row["name"] for row in rows}
    for row in rows:
        file = server.call("GET", f"/media/{row['name']}", raw=True, auth=False)
        if file.status != 200:
            problems.append(f"half-done: media row {row['name']} has no file ({file.status})")
    media = server.data / "media"
    for path in sorted(media.iterdir()) if media.is_dir() else []:
        if not path.is_file() or path.name.startswith("."):
            continue
        stem = path.name.split("-")[0].split(".")[0]
        if not any(name.startswith(stem) for name in names):
            problems.append(f"half-done: file media/{path.name} belongs to no row")
    return problems


def messages(server: Server, mailbox: Mailbox, tag: str) -> list[str]:
    """Each stored enquiry of this run told to the staff exactly once; none for the refused."""
    problems = []
    for path, token in (("/api/v1/contact-us", f"Q{tag}"), ("/api/v1/airport-requests", f"F{tag}")):
        stored = token in json.dumps(server.call("GET", path + "?size=500").body, ensure_ascii=False)
        staff = [m for m in mailbox.containing(token) if STAFF in m[0]]
        if stored and len(staff) != 1:
            problems.append(f"{path}: the stored enquiry {token} was emailed {len(staff)} times")
        if not stored and staff:
            problems.append(f"{path}: an enquiry that was not stored ({token}) was emailed")
    return problems


def tree(root: Path) -> dict[str, str]:
    out = {}
    for path in root.rglob("*"):
        if path.is_file() and not (path.name.startswith(".") and path.name.endswith(".tmp")):
            out[str(path.relative_to(root))] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


def same_site(data: Path, db_url: str, scratch: Path) -> list[str]:
    """The live site against a full build of the same database into another folder."""
    other = scratch / "full"
    shutil.rmtree(other, ignore_errors=True)
    other.mkdir()
    if (data / "media").exists():
        shutil.copytree(data / "media", other / "media")
    url = db_url
    if db_url.startswith("sqlite:"):
        for name in os.listdir(data):
            if name.startswith("concierge.db"):
                shutil.copy2(data / name, other / name)
        url = f"sqlite://{other}/concierge.db?mode=rwc"
    concierge(other, url, "build")
    live, full = tree(data / "site"), tree(other / "site")
    problems = []
    for key in sorted(set(live) | set(full)):
        if live.get(key) != full.get(key):
            state = "missing" if key not in live else "extra" if key not in full else "different"
            problems.append(f"site: {key} {state} against a full build")
    return problems[:20]


# ---------------------------------------------------------------------------------------------
# Runs.


class Suite:
    def __init__(self, scratch: Path, postgres: str | None):
        self.scratch, self.postgres = scratch, postgres
        self.mailbox = Mailbox()
        self.template = scratch / "template"
        self.template.mkdir(parents=True)
        data = self.template / "data"
        url = self.database("concierge_faults_template") if postgres \
            else f"sqlite://{data}/concierge.db?mode=rwc"
        concierge(data, url, "seed")
        concierge(data, url, "admin", "create", ADMIN, extra={"CONCIERGE_ADMIN_PASSWORD": PASSWORD})
        concierge(data, url, "build")
        self.runs = 0
        self.counter = threading.Lock()

    def database(self, name: str, template: str | None = None) -> str:
        """A new PostgreSQL database (a copy of `template`), by its URL."""
        admin = self.postgres
        psql(admin, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        psql(admin, f"CREATE DATABASE {name}" + (f" TEMPLATE {template}" if template else ""))
        return admin.rsplit("/", 1)[0] + "/" + name

    def fresh(self) -> tuple[Path, str, int]:
        with self.counter:
            self.runs += 1
            number = self.runs
        run_dir = self.scratch / f"run{number}"
        shutil.rmtree(run_dir, ignore_errors=True)
        shutil.copytree(self.template, run_dir, symlinks=True)
        data = run_dir / "data"
        if self.postgres:
            url = self.database(f"concierge_faults_run{number}", "concierge_faults_template")
        else:
            url = f"sqlite://{data}/concierge.db?mode=rwc"
        return data, url, number

    def finish(self, data: Path, url: str) -> None:
        shutil.rmtree(data.parent, ignore_errors=True)
        if self.postgres:
            psql(self.postgres, f"DROP DATABASE IF EXISTS {url.rsplit('/', 1)[1]} WITH (FORCE)")

    def run(self, faults: dict | None, label: str, during=None) -> tuple[list[str], Run, int]:
        """One run of the workload under `faults`; (problems, the run, calls armed)."""
        data, url, number = self.fresh()
        # Letters only: the enquiry forms take names of letters.
        tag = "".join(random.choice("bcdfghjklmnpqrstvwxz") for _ in range(8))
        try:
            server = Server(data, url, self.mailbox, faults)
        except RuntimeError as err:
            self.finish(data, url)
            return [f"the server did not start: {err}"], Run(None), 0
        server.sign_in()
        run = Run(server)
        problems: list[str] = []
        if faults is not None:
            server.arm(True)
        stop_during = during(url) if during else None
        try:
            workload(run, tag)
        except SystemExit:
            pass
        if stop_during:
            stop_during()
        if faults is not None and server.alive():
            server.arm(False)
        calls = armed_calls(server.report)
        run.injected = injected_faults(server.report)
        problems += [f"while faulted: {f}" for f in run.findings]
        if not server.alive():
            problems.append(f"the server died (exit {server.process.returncode})")
        else:
            problems += recovers(server, tag)
            problems += photographs_made(server, run)
        server.stop()
        again = Server(data, url, self.mailbox, None)
        again.sign_in()
        left = again.drained(timeout=60)
        if left:
            problems.append(f"after the restart, queues do not drain: {left}")
        problems += verify(again, run, self.mailbox, tag)
        again.stop()
        problems += same_site(data, url, data.parent)
        self.keep(problems, data, label)
        self.finish(data, url)
        return problems, run, calls

    def keep(self, problems: list[str], data: Path, label: str) -> None:
        """A failed run's folder (data, logs, the injector's report) is kept for a look."""
        if problems:
            keep = self.scratch / f"failed-{label}"
            shutil.rmtree(keep, ignore_errors=True)
            shutil.copytree(data.parent, keep, symlinks=True, ignore_dangling_symlinks=True)


def outage(suite: "Suite", seconds: float) -> tuple[list[str], Run]:
    """The site's disk and the photographs' variants fail for `seconds` (longer than any
    retry policy's attempts) while the database works: what was saved meanwhile is published,
    and the photograph's variants made, once the disk is back, without a restart or a retry."""
    data, url, _ = suite.fresh()
    tag = "".join(random.choice("bcdfghjklmnpqrstvwxz") for _ in range(8))
    faults = {"FAULTS_MODE": "random", "FAULTS_PROBABILITY": 1, "FAULTS_SEED": 1,
              "FAULTS_ONLY": "/site/,w.webp,w.avif,w.jpg,w.png"}
    server = Server(data, url, suite.mailbox, faults)
    server.sign_in()
    run = Run(server)
    server.arm(True)
    upload = run.write("upload", "POST", "/api/v1/blob-upload",
                       files=(f"dune-{tag}.png", "image/png", png(1100, 700, 7)))
    if upload:
        name = upload.body["responseData"].removeprefix("/media/")
        run.acknowledged.append(("upload", ("media", name, {"original_name": f"dune-{tag}.png"})))
    bid = first_id(b.body) if (b := run.write("blog create", "POST", "/api/v1/blog",
                                              blog_body(f"Dunes {tag}"))) else None
    if bid is not None:
        run.acknowledged.append(("blog create", ("read", f"/api/v1/blog/{bid}", {"name": f"Dunes {tag}"})))
    time.sleep(seconds)
    server.arm(False)
    problems = [f"while the site's disk failed: {f}" for f in run.findings]
    left = server.drained(timeout=60)
    if left:
        problems.append(f"{seconds:.0f} s after the disk came back, still not published: {left}")
    problems += photographs_made(server, run)
    server.stop()
    again = Server(data, url, suite.mailbox, None)
    again.sign_in()
    problems += verify(again, run, suite.mailbox, tag)
    again.stop()
    problems += same_site(data, url, data.parent)
    suite.keep(problems, data, "outage")
    suite.finish(data, url)
    return problems, run


def photographs_made(server: Server, run: Run) -> list[str]:
    """With the faults stopped, each uploaded photograph's variants are made by the same process
    (before it stops: a photograph a stopped process held waits for its claim to lapse)."""
    problems = []
    for what, (kind, name, _) in run.acknowledged:
        if kind == "media" and what == "upload":
            status = media_status(server, name, timeout=60)
            if status != "ready":
                problems.append(f"after the faults stopped, the photograph {name} stays {status!r}")
    return problems


def recovers(server: Server, tag: str) -> list[str]:
    """With the faults stopped, the same process takes writes again and drains its queues."""
    probe = {"first_name": "Probe", "last_name": f"R{tag}", "phone": "+971 50 000 0000",
             "email": f"probe.{tag}@example.ae", "subject": "Probe", "message": f"Recovery {tag}."}
    for attempt in range(20):
        answer = server.call("POST", "/api/v1/contact-us", probe)
        if answer.ok:
            break
        time.sleep(0.5)
    else:
        return [f"after the faults stopped, writes still fail: {answer.status} {answer.body}"]
    left = server.drained(timeout=60)
    return [f"after the faults stopped, queues do not drain without a restart: {left}"] if left else []


def disrupt_postgres(admin_url: str):
    """While the workload runs: the run's backends terminated every moment, and the server
    restarted once (`pg_ctlcluster … restart`, or `FAULTS_PG_RESTART`)."""
    restart = os.environ.get("FAULTS_PG_RESTART", "").split()
    if not restart:
        versions = sorted(os.listdir("/etc/postgresql")) if os.path.isdir("/etc/postgresql") else []
        if not versions or not shutil.which("pg_ctlcluster"):
            raise SystemExit("faults-io: cannot restart PostgreSQL here (no pg_ctlcluster); "
                             "set FAULTS_PG_RESTART to the command that does")
        restart = ["pg_ctlcluster", "--skip-systemctl-redirect", versions[-1], "main", "restart", "-m", "fast"]

    def start(url: str):
        database = url.rsplit("/", 1)[1]
        stop = threading.Event()
        events = []

        def loop():
            tick = 0
            while not stop.wait(random.uniform(0.05, 0.3)):
                tick += 1
                if tick == 6:
                    subprocess.run(restart, check=True, capture_output=True, timeout=60)
                    events.append("restarted")
                else:
                    try:
                        psql(admin_url, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                        f"WHERE datname = '{database}' AND pid <> pg_backend_pid()")
                        events.append("terminated")
                    except subprocess.CalledProcessError:
                        events.append("unreachable")

        thread = threading.Thread(target=loop, daemon=True)
        thread.start()

        def finish():
            stop.set()
            thread.join()
            if "restarted" not in events:
                subprocess.run(restart, check=True, capture_output=True, timeout=60)
            wait_for_postgres(admin_url)
            print(f"       (PostgreSQL: {events.count('terminated')} rounds of terminated backends, "
                  f"restarted {'during' if 'restarted' in events else 'after'} the workload)", flush=True)

        return finish

    return start


def wait_for_postgres(admin_url: str) -> None:
    for _ in range(100):
        try:
            psql(admin_url, "SELECT 1")
            return
        except subprocess.CalledProcessError:
            time.sleep(0.2)
    raise RuntimeError("PostgreSQL did not come back after its restart")


def injected_faults(report: Path) -> list[str]:
    if not report.exists():
        return []
    return [line for line in report.read_text(errors="replace").splitlines() if line.startswith("fault ")]


def armed_calls(report: Path) -> int:
    calls = 0
    if report.exists():
        for line in report.read_text(errors="replace").splitlines():
            if line.startswith("calls "):
                calls = int(line.split()[1])
    return calls


def psql(url: str, sql: str) -> None:
    subprocess.run(["psql", url, "-qAtc", sql], check=True, capture_output=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nth", choices=("sample", "all"), help="fail the N-th call, N swept")
    parser.add_argument("--samples", type=int, default=24, help="--nth sample: how many N")
    parser.add_argument("--points", default="", metavar="N,N", help="--nth: these N only")
    parser.add_argument("--random", type=int, default=0, metavar="SEEDS", help="random faults under SEEDS seeds")
    parser.add_argument("--probability", type=float, default=0.02)
    parser.add_argument("--fault-seeds", default="", metavar="S,S", help="random faults under these seeds too")
    parser.add_argument("--log", action="store_true", help="a run whose log cannot be written")
    parser.add_argument("--outage", type=float, default=0, metavar="SECONDS",
                        help="a run whose site disk fails for SECONDS while the database works")
    parser.add_argument("--jobs", type=int, default=1, help="runs at a time (SQLite)")
    parser.add_argument("--fiu", type=int, default=0, metavar="RUNS",
                        help="runs under Debian's fiu-run (fsync, fdatasync and rename fail at random)")
    parser.add_argument("--postgres", metavar="URL", help="run on PostgreSQL (admin URL)")
    parser.add_argument("--disrupt", type=int, default=0, metavar="RUNS",
                        help="--postgres: runs while backends are terminated and the server restarted")
    parser.add_argument("--seed", type=int, default=int(os.environ.get("FAULTS_SUITE_SEED", "0")) or None)
    args = parser.parse_args()
    seed = args.seed or random.randrange(1, 10**9)
    random.seed(seed)
    print(f"faults-io: seed {seed} (FAULTS_SUITE_SEED={seed} repeats this run)", flush=True)
    scratch = Path(tempfile.mkdtemp(prefix="concierge-faults-"))
    suite = Suite(scratch, args.postgres)
    failed = 0
    started = time.monotonic()
    try:
        problems, run, calls = suite.run({"FAULTS_MODE": "count"}, "count")
        print(f"faults-io: the workload makes {calls} disk calls under the data directory "
              f"({len(run.acknowledged)} acknowledged writes)", flush=True)
        failed += report("no faults", problems)
        if args.nth:
            points = list(range(1, calls + 1))
            if args.points:
                points = [int(n) for n in args.points.split(",")]
            elif args.nth == "sample":
                points = sorted(random.sample(points, min(args.samples, len(points))))
            def one(n: int) -> int:
                error = FAULTS[n % 3]
                problems, run, _ = suite.run({"FAULTS_MODE": "nth", "FAULTS_NTH": n, "FAULTS_ERROR": error},
                                             f"nth-{n}-{error}")
                where = next((line.split(" ", 2)[2] for line in run.injected), "no call reached")
                where = where.replace(str(suite.scratch) + "/", "")
                return report(f"call {n}/{calls} fails ({where}): {len(run.acknowledged)} acknowledged, "
                              f"{len(run.refused)} refused", problems)

            with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
                failed += sum(pool.map(one, points))
        seeds = [int(s) for s in args.fault_seeds.split(",") if s]
        seeds += [random.randrange(1, 10**9) for _ in range(args.random)]
        for s in seeds:
            problems, run, _ = suite.run({"FAULTS_MODE": "random", "FAULTS_SEED": s,
                                          "FAULTS_PROBABILITY": args.probability}, f"random-{s}")
            failed += report(f"random faults (p={args.probability}, seed {s}): {len(run.acknowledged)} "
                             f"acknowledged, {len(run.refused)} refused", problems)
        if args.outage:
            problems, run = outage(suite, args.outage)
            failed += report(f"the site's disk and the variants fail for {args.outage:.0f} s, the database "
                             f"works: {len(run.acknowledged)} acknowledged", problems)
        if args.log:
            problems, run, _ = suite.run({"FAULTS_MODE": "log"}, "log")
            failed += report(f"every log line fails (stderr is /dev/full): {len(run.acknowledged)} "
                             f"acknowledged, {len(run.refused)} refused", problems)
        for _ in range(args.fiu):
            problems, run, _ = suite.run({"FAULTS_MODE": "fiu", "FAULTS_PROBABILITY": 0.1}, "fiu")
            failed += report(f"fiu-run: fsync, fdatasync and rename fail at p=0.1: {len(run.acknowledged)} "
                             f"acknowledged, {len(run.refused)} refused", problems)
        if args.disrupt and not args.postgres:
            parser.error("--disrupt needs --postgres")
        for _ in range(args.disrupt):
            problems, run, _ = suite.run(None, "postgres-disrupted", during=disrupt_postgres(args.postgres))
            failed += report(f"PostgreSQL restarted and its backends terminated: {len(run.acknowledged)} "
                             f"acknowledged, {len(run.refused)} refused", problems)
    finally:
        for server in RUNNING:
            if server.alive():
                server.process.kill()
                server.process.wait()
        suite.mailbox.stop()
        if not failed:
            shutil.rmtree(scratch, ignore_errors=True)
    took = time.monotonic() - started
    print(f"faults-io: {suite.runs} runs in {took:.0f} s, {failed} with problems"
          + (f" (kept under {scratch})" if failed else ""), flush=True)
    return 1 if failed else 0


def report(label: str, problems: list[str]) -> int:
    print(("FAIL " if problems else "ok   ") + label, flush=True)
    for problem in problems:
        print(f"       {problem}", flush=True)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
