//! The Node processes that server-render islands. Each runs the `site-islands` server entry
//! and answers one request at a time (JSON lines on stdin and stdout); the pool holds up to
//! `size` of them, another started only when requests have queued for the busy ones for about
//! a boot's time ([`Pool::checkout`]), so pages rendered in parallel are not queued behind one
//! process, and a few islands do not start one Node a core.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use serde::Deserialize;

use crate::routes::Lang;

/// Most renderer processes a pool starts, whatever the machine: each holds a React and
/// i18next in memory (tens of MB), and more than a handful only share the same cores.
pub(super) const MAX_RENDERERS: usize = 4;

/// How long a request waits for a busy renderer before the pool starts another (about what
/// Node takes to boot one).
const GROW_AFTER: Duration = Duration::from_millis(100);

/// One renderer process per core, at most [`MAX_RENDERERS`].
pub(super) fn default_size() -> usize {
    std::thread::available_parallelism()
        .map_or(1, std::num::NonZero::get)
        .clamp(1, MAX_RENDERERS)
}

pub(super) struct Pool {
    /// `server/server.js` of the islands build.
    script: PathBuf,
    size: usize,
    inner: Mutex<Inner>,
    /// Signalled whenever a process goes back to `idle` or a slot frees up.
    freed: Condvar,
}

struct Inner {
    /// The `init` line (the string tables) every process is started with.
    init: String,
    /// Changes with `init`: a process of an older generation is stopped, not reused.
    generation: u64,
    idle: Vec<Process>,
    /// Processes started ahead of need ([`Pool::warm`]) that have not been sent an `init`
    /// yet: Node boots (about 90 ms) while they wait, and any string tables suit them.
    blank: Vec<Process>,
    /// Processes started and not yet stopped, blank, idle or busy.
    live: usize,
    /// Of those, the ones that have not answered yet: Node is booting in them.
    booting: usize,
    /// When the last boot ended: a request that was waiting for it counts its queueing from
    /// then, not from before (its last look may have been almost [`GROW_AFTER`] earlier).
    boot_ended: Option<Instant>,
}

impl Pool {
    pub(super) fn new(script: PathBuf, size: usize) -> Pool {
        Pool {
            script,
            size: size.max(1),
            inner: Mutex::new(Inner {
                init: String::new(),
                generation: 0,
                idle: Vec::new(),
                blank: Vec::new(),
                live: 0,
                booting: 0,
                boot_ended: None,
            }),
            freed: Condvar::new(),
        }
    }

    /// Processes started from now on get `init`; idle ones started with another are stopped,
    /// busy ones when they finish.
    pub(super) fn restart(&self, init: String) {
        let mut inner = self.lock();
        inner.init = init;
        inner.generation += 1;
        let stale = std::mem::take(&mut inner.idle);
        inner.live -= stale.len();
        drop(inner);
        self.freed.notify_all();
        drop(stale);
    }

    /// Starts a process now when none is started, so that the first render does not wait for
    /// Node to boot (a server's first publish after its start).
    pub(super) fn warm(&self) -> Result<()> {
        let mut inner = self.lock();
        if inner.live > 0 {
            return Ok(());
        }
        inner.blank.push(Process::start(&self.script)?);
        inner.live += 1;
        inner.booting += 1;
        Ok(())
    }

    /// The island's markup and when to hydrate it. A process that fails to answer is stopped
    /// (the next request starts another).
    pub(super) fn render(&self, name: &str, lang: Lang, props: &str) -> Result<(String, String)> {
        let mut process = self.checkout()?;
        match process.ask(name, lang, props) {
            Ok(answer) => {
                let booted = !std::mem::replace(&mut process.answered, true);
                self.checkin(process, booted);
                Ok(answer)
            }
            Err(e) => {
                self.discard(process);
                Err(e)
            }
        }
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().expect("islands pool")
    }

    /// An idle process, or the next one freed; a new one when none runs, or when this request
    /// has waited [`GROW_AFTER`] while fewer than `size` run and none is booting. A renderer
    /// answers in milliseconds and boots in a tenth of a second: a few islands at once are
    /// served sooner by waiting for a busy one than by starting another, and a steady queue
    /// (pages with islands rendered in parallel) still gets one renderer a core.
    fn checkout(&self) -> Result<Process> {
        let mut asked = Instant::now();
        let mut inner = self.lock();
        loop {
            if let Some(process) = inner.idle.pop() {
                return Ok(process);
            }
            let blank = inner.blank.pop();
            if inner.booting > 0 {
                // Waiting for a boot is not queueing for busy renderers.
                asked = Instant::now();
            } else if let Some(ended) = inner.boot_ended
                && ended > asked
            {
                // Nor is the part of a wait that the end of a boot cut short.
                asked = ended;
            }
            let waited = asked.elapsed();
            let grow = inner.live < self.size && inner.booting == 0 && waited >= GROW_AFTER;
            if blank.is_some() || inner.live == 0 || grow {
                if blank.is_none() {
                    inner.live += 1;
                    inner.booting += 1;
                }
                let (init, generation) = (inner.init.clone(), inner.generation);
                drop(inner);
                let started = match blank {
                    Some(process) => Ok(process),
                    None => Process::start(&self.script),
                };
                return started
                    .and_then(|process| process.init(&init, generation))
                    .inspect_err(|_| {
                        let mut inner = self.lock();
                        inner.live -= 1;
                        inner.booting -= 1;
                        drop(inner);
                        self.freed.notify_all();
                    });
            }
            inner = match GROW_AFTER.checked_sub(waited) {
                Some(left) if !left.is_zero() && inner.live < self.size => {
                    self.freed
                        .wait_timeout(inner, left)
                        .expect("islands pool")
                        .0
                }
                _ => self.freed.wait(inner).expect("islands pool"),
            };
        }
    }

    /// `process` back from a render; `booted`: its first answer.
    fn checkin(&self, process: Process, booted: bool) {
        let mut inner = self.lock();
        inner.booting -= usize::from(booted);
        if booted {
            inner.boot_ended = Some(Instant::now());
        }
        let stale = if process.generation == inner.generation {
            inner.idle.push(process);
            None
        } else {
            inner.live -= 1;
            Some(process)
        };
        drop(inner);
        // A boot that ended may let the requests waiting for it start processes of their own.
        if booted {
            self.freed.notify_all();
        } else {
            self.freed.notify_one();
        }
        drop(stale);
    }

    fn discard(&self, process: Process) {
        let booting = !process.answered;
        drop(process);
        let mut inner = self.lock();
        inner.live -= 1;
        inner.booting -= usize::from(booting);
        if booting {
            inner.boot_ended = Some(Instant::now());
        }
        drop(inner);
        self.freed.notify_all();
    }
}

#[derive(Deserialize)]
struct Reply {
    #[serde(default)]
    html: Option<String>,
    #[serde(default)]
    hydrate: Option<String>,
    #[serde(default)]
    error: Option<String>,
}

struct Process {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    next_id: u64,
    generation: u64,
    /// It has answered a request (so Node has booted).
    answered: bool,
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Process {
    /// A renderer process, booting; it renders once sent an `init` ([`Process::init`]).
    fn start(script: &std::path::Path) -> Result<Process> {
        let mut child = Command::new("node")
            .arg(script)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .context("Failed to start node for the islands' server render (is Node installed?)")?;
        let stdin = child.stdin.take().context("node stdin")?;
        let stdout = BufReader::new(child.stdout.take().context("node stdout")?);
        Ok(Process {
            child,
            stdin,
            stdout,
            next_id: 0,
            generation: 0,
            answered: false,
        })
    }

    /// The process, given the string tables of `generation` (its first line).
    fn init(mut self, init: &str, generation: u64) -> Result<Process> {
        self.stdin.write_all(init.as_bytes())?;
        self.stdin.write_all(b"\n")?;
        self.generation = generation;
        Ok(self)
    }

    fn ask(&mut self, name: &str, lang: Lang, props: &str) -> Result<(String, String)> {
        self.next_id += 1;
        let id = self.next_id;
        // The props are JSON already: the request is written around them, not rebuilt.
        let name = serde_json::to_string(name)?;
        let lang = lang.code();
        writeln!(
            self.stdin,
            r#"{{"id":{id},"island":{name},"lang":"{lang}","props":{props}}}"#
        )
        .context("the islands' server render stopped")?;
        self.stdin.flush()?;
        let mut line = String::new();
        if self.stdout.read_line(&mut line)? == 0 {
            bail!("the islands' server render exited");
        }
        let reply: Reply = serde_json::from_str(&line)
            .with_context(|| format!("unreadable reply from the islands' server render: {line}"))?;
        if let Some(error) = reply.error {
            bail!("{error}");
        }
        Ok((
            reply.html.unwrap_or_default(),
            reply.hydrate.unwrap_or_else(|| "visible".into()),
        ))
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use serde_json::json;

    use crate::islands::{Islands, NodeIslands};
    use crate::routes::Lang;

    /// Milliseconds the fake renderer takes per island.
    const DELAY: u64 = 500;

    /// Held by each test for its whole run: the pool's tests time Node processes against
    /// [`super::GROW_AFTER`], and two of them run in parallel (four renderers beside three) starved
    /// each other of the two cores, so a queue of quick islands waited past it (seen in CI).
    fn one_at_a_time() -> std::sync::MutexGuard<'static, ()> {
        static NODE: std::sync::Mutex<()> = std::sync::Mutex::new(());
        NODE.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// An islands build whose server entry answers after [`DELAY`] with the island, its props
    /// and the `x` string it was started with, and logs each start and request to `log`.
    fn fake_build() -> tempfile::TempDir {
        fake_build_taking(DELAY)
    }

    /// [`fake_build`] whose renderer answers after `delay` ms.
    /// Node is required (the Quick start's machine has it): a missing one fails, never skips.
    fn fake_build_taking(delay: u64) -> tempfile::TempDir {
        std::process::Command::new("node")
            .arg("--version")
            .output()
            .expect("node, which the renderer pool's tests run");
        let dir = tempfile::tempdir().expect("temp dir");
        let write = |path: &str, text: &str| {
            let path = dir.path().join(path);
            std::fs::create_dir_all(path.parent().expect("parent")).expect("dirs");
            std::fs::write(path, text).expect("write");
        };
        write(
            "client/.vite/manifest.json",
            r#"{"src/loader.ts": {"file": "assets/loader.js"}}"#,
        );
        write(
            "server/server.js",
            &format!(
                r#"const fs = require('fs'), log = (l) => fs.appendFileSync(__dirname + '/log', l + '\n')
log('start ' + process.pid)
let strings = null
require('readline').createInterface({{ input: process.stdin }}).on('line', (line) => {{
  const m = JSON.parse(line)
  if (m.type === 'init') {{ strings = m.strings; return }}
  log('ask ' + m.island)
  const reply = m.island === 'broken'
    ? {{ id: m.id, error: 'broken island' }}
    : {{ id: m.id, html: `<p>${{m.island}} ${{m.lang}} ${{JSON.stringify(m.props)}} ${{strings[m.lang].x}}</p>`, hydrate: 'idle' }}
  setTimeout(() => {{ log('done ' + m.island); process.stdout.write(JSON.stringify(reply) + '\n') }}, {delay})
}})
"#
            ),
        );
        dir
    }

    fn log(dir: &Path, what: &str) -> usize {
        std::fs::read_to_string(dir.join("server/log"))
            .unwrap_or_default()
            .lines()
            .filter(|l| l.starts_with(what))
            .count()
    }

    fn open(dir: &Path, renderers: usize, x: &str) -> NodeIslands {
        let islands = NodeIslands::open(dir)
            .expect("fake build")
            .with_renderers(renderers);
        let strings = json!({ "x": x });
        islands
            .prepare(&[(Lang::En, strings.clone()), (Lang::Ar, strings)])
            .expect("prepare");
        islands
    }

    /// The most islands the renderers were working on at the same moment, from their log (each
    /// process appends `ask` when a request arrives and `done` when it answers).
    fn most_in_flight(dir: &Path) -> usize {
        let log = std::fs::read_to_string(dir.join("server/log")).unwrap_or_default();
        let (mut now, mut most) = (0usize, 0usize);
        for line in log.lines() {
            if line.starts_with("ask") {
                now += 1;
                most = most.max(now);
            } else if line.starts_with("done") {
                now = now.saturating_sub(1);
            }
        }
        most
    }

    /// Renders the islands `island(n)` names for n in 0..4 (name and props), from four threads
    /// at once; the HTML in order.
    fn render_at_once(
        islands: &NodeIslands,
        lang: Lang,
        island: impl Fn(usize) -> (String, String) + Sync,
    ) -> Vec<String> {
        std::thread::scope(|scope| {
            let threads: Vec<_> = (0..4)
                .map(|n| {
                    let (name, props) = island(n);
                    scope.spawn(move || {
                        islands
                            .render(&name, lang, &props)
                            .expect("rendered")
                            .expect("islands on")
                    })
                })
                .collect();
            threads
                .into_iter()
                .map(|t| t.join().expect("thread"))
                .collect()
        })
    }

    /// Four different islands at once.
    fn render_four_at_once(islands: &NodeIslands) -> Vec<String> {
        render_at_once(islands, Lang::Ar, |n| {
            (format!("island-{n}"), json!({ "n": n }).to_string())
        })
    }

    #[test]
    fn a_pool_renders_islands_at_once_and_the_same_html_as_one_renderer() {
        let _serial = one_at_a_time();
        let (one, four) = (fake_build(), fake_build());
        let single = open(one.path(), 1, "s");
        let pool = open(four.path(), 4, "s");

        let serial_html = render_four_at_once(&single);
        let pool_html = render_four_at_once(&pool);

        assert_eq!(pool_html, serial_html, "the same HTML from either");
        assert!(
            pool_html[2].contains(r#"<p>island-2 ar {"n":2} s</p>"#),
            "{}",
            pool_html[2]
        );
        assert_eq!(log(one.path(), "start"), 1, "one renderer");
        assert!(log(four.path(), "start") > 1, "more than one renderer");
        // Not a timing: what the renderers did. One renderer had one island at a time; the
        // pool's had several at once (each takes DELAY ms, so the others arrive meanwhile).
        assert_eq!(most_in_flight(one.path()), 1, "one island at a time");
        assert!(
            most_in_flight(four.path()) > 1,
            "the pool works on several islands at once"
        );
    }

    #[test]
    fn a_few_quick_islands_at_once_are_served_by_one_renderer() {
        let _serial = one_at_a_time();
        let build = fake_build_taking(0);
        let islands = open(build.path(), 4, "s");
        let html = render_four_at_once(&islands);
        assert!(html[3].contains(r#"island-3 ar {"n":3} s"#), "{}", html[3]);
        // Three waited for the one booting, then for a renderer that answers at once: far less
        // than a boot, so no other started.
        assert_eq!(log(build.path(), "start"), 1, "one renderer");
    }

    #[test]
    fn pages_that_want_an_island_being_rendered_wait_for_that_render() {
        let _serial = one_at_a_time();
        let build = fake_build();
        let islands = open(build.path(), 4, "s");
        let html = render_at_once(&islands, Lang::En, |_| ("footer".into(), "{}".into()));
        assert!(
            html.iter()
                .all(|h| h == &html[0] && h.contains("footer en {} s"))
        );
        assert_eq!(log(build.path(), "ask"), 1, "rendered once, for the four");
        assert_eq!(log(build.path(), "start"), 1, "by one renderer");
    }

    #[test]
    fn an_island_is_rendered_once_until_the_strings_change() {
        let _serial = one_at_a_time();
        let build = fake_build();
        let islands = open(build.path(), 2, "one");
        let render = || islands.render("card", Lang::En, "{}").expect("render");

        let first = render().expect("html");
        let again = render().expect("html");
        change_strings(&islands, "two");
        let after = render().expect("html");

        assert_eq!(first, again);
        assert!(first.contains("card en {} one"), "{first}");
        assert!(after.contains("card en {} two"), "{after}");
        assert_eq!(
            log(build.path(), "ask"),
            2,
            "cached until the strings changed"
        );
    }

    /// A server starts a renderer at its start, before it knows the string tables: the first
    /// render uses that process (given the tables then) instead of starting another.
    #[test]
    fn a_warmed_renderer_takes_the_first_render_with_the_strings_of_that_moment() {
        let _serial = one_at_a_time();
        let build = fake_build();
        let islands = NodeIslands::open(build.path())
            .expect("fake build")
            .with_renderers(2);
        islands.warm().expect("warm");
        islands.warm().expect("warm again");
        change_strings(&islands, "one");
        change_strings(&islands, "two");

        let html = islands
            .render("card", Lang::Ar, "{}")
            .expect("render")
            .expect("html");

        assert!(html.contains("card ar {} two"), "{html}");
        assert_eq!(
            log(build.path(), "start"),
            1,
            "the warmed process, and no other"
        );
        islands.warm().expect("warm once it renders");
        assert_eq!(log(build.path(), "start"), 1, "nothing more to warm");
    }

    fn change_strings(islands: &NodeIslands, x: &str) {
        let strings = json!({ "x": x });
        islands
            .prepare(&[(Lang::En, strings.clone()), (Lang::Ar, strings)])
            .expect("prepare");
    }

    #[test]
    fn a_failing_island_is_an_error_that_names_it_and_its_renderer_is_replaced() {
        let _serial = one_at_a_time();
        let build = fake_build();
        let islands = open(build.path(), 1, "x");

        let error = islands
            .render("broken", Lang::Ar, "{}")
            .expect_err("broken");
        let next = islands.render("fine", Lang::Ar, "{}");

        assert_eq!(format!("{error:#}"), "island broken (ar): broken island");
        assert!(next.expect("fine").is_some());
        assert_eq!(
            log(build.path(), "start"),
            2,
            "a new renderer after the error"
        );
    }
}
