//! Memory that was freed goes back to the system.
//!
//! After the first full build the server stayed resident at 150 to 180 MB while a heap profile
//! (`heaptrack`) found 26 MB live. Two allocators held the rest. Rust's allocations go through
//! mimalloc (see `main.rs`); it keeps the empty pages of each thread's heap until that thread
//! allocates again, and the threads that rendered the build then sit idle. SQLite, libwebp and
//! the other C libraries call glibc's `malloc`, which keeps an arena for each thread that met
//! contention and holds on to the pages freed in them.
//!
//! So: mimalloc works in 4 KiB pages (the `no_thp` feature: a transparent huge page stays
//! resident while any of its 2 MiB is in use), glibc keeps one arena and a fixed threshold for
//! giving large blocks their own mapping, and when a burst of work ends every thread that
//! worked gives its empty pages back and glibc is trimmed. Giving pages back on every free
//! instead (mimalloc's `purge_delay` 0) needs no calls but made a full build 20 % slower.

use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};

/// Sets glibc's allocator up for a long-running server; call first thing in `main`, before any
/// thread starts.
pub fn configure() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    #[expect(
        unsafe_code,
        reason = "mallopt is a C function; it has no memory-safety preconditions"
    )]
    // SAFETY: `mallopt` only sets allocator parameters; any value is accepted or refused.
    unsafe {
        // One arena: SQLite's few threads share it instead of each keeping its own 64 MB.
        libc::mallopt(libc::M_ARENA_MAX, 1);
        // Fixed, so that freeing one large block does not raise the threshold (glibc's default
        // is dynamic) and every later block of that size is kept in the arena.
        libc::mallopt(libc::M_MMAP_THRESHOLD, 128 * 1024);
        libc::mallopt(libc::M_TRIM_THRESHOLD, 128 * 1024);
    }
}

/// How many times [`release`] was called; each thread of the async runtime collects once for
/// each, the next time it has nothing to do ([`on_idle`]).
static RELEASES: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// The last [`RELEASES`] this thread collected for.
    static COLLECTED: Cell<u64> = const { Cell::new(0) };
}

/// Gives back what the rendering threads (rayon's), this thread and glibc hold free, and asks
/// the async runtime's threads to do the same when next idle. It waits for every rendering
/// thread to run it and walks glibc's arena under its lock: call it on a blocking thread when a
/// burst of work has ended (a publish, a photograph's variants), never per request.
pub fn release() {
    RELEASES.fetch_add(1, Ordering::Relaxed);
    rayon::broadcast(|_| collect_this_thread());
    collect_this_thread();
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    #[expect(
        unsafe_code,
        reason = "malloc_trim is a C function; it has no memory-safety preconditions"
    )]
    // SAFETY: `malloc_trim` only returns free pages to the system.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// For the async runtime's `on_thread_park`: a thread about to wait for work gives its empty
/// pages back once after each [`release`] (a publish's loading and planning run there).
pub fn on_idle() {
    let wanted = RELEASES.load(Ordering::Relaxed);
    COLLECTED.with(|seen| {
        if seen.get() != wanted {
            seen.set(wanted);
            collect_this_thread();
        }
    });
}

/// mimalloc frees this thread's empty pages and gives what is free in its arenas back.
fn collect_this_thread() {
    #[expect(
        unsafe_code,
        reason = "mi_collect is a C function; it has no memory-safety preconditions"
    )]
    // SAFETY: collects the calling thread's own heap, which any thread may do at any time.
    unsafe {
        libmimalloc_sys::mi_collect(true);
    }
}
