//! Memory that was freed goes back to the system.
//!
//! After the first full build the server stayed resident at 150 to 180 MB while a heap profile
//! (`heaptrack`) found 26 MB live. Two allocators held the rest. Rust's allocations go through
//! mimalloc (see `main.rs`); it gives a page back only after a delay and only when the thread
//! that owns it allocates again, and the build's threads then sit idle. SQLite, libwebp and the
//! other C libraries call glibc's `malloc`, which keeps an arena for each thread that met
//! contention and holds on to the pages freed in them.
//!
//! So: mimalloc gives pages back as soon as they are empty, in 4 KiB pages (the `no_thp`
//! feature); glibc keeps one arena, a fixed threshold for giving large blocks their own
//! mapping, and is trimmed when a burst of work ends.

/// mimalloc's `mi_option_purge_delay` (milliseconds before an empty page is given back; 1,000 by
/// default in mimalloc 3): its place in `mi_option_t`, which `libmimalloc-sys` does not name.
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// Sets both allocators up for a long-running server; call first thing in `main`, before any
/// thread starts.
pub fn configure() {
    #[expect(
        unsafe_code,
        reason = "mi_option_set is a C function; it has no memory-safety preconditions"
    )]
    // SAFETY: sets one of mimalloc's options. `main` calls this before it starts any thread, so
    // nothing reads the option (without a lock) while it changes.
    unsafe {
        libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, 0);
    }
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

/// Gives the pages glibc holds free back to the system. It walks the arena under its lock, so
/// call it when a burst of work has ended (a publish, a photograph's variants), not per request.
pub fn release() {
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

#[cfg(test)]
mod tests {
    #[test]
    #[expect(
        unsafe_code,
        reason = "mi_option_get is a C function; it has no memory-safety preconditions"
    )]
    fn the_purge_delay_is_the_option_mimalloc_documents() {
        // SAFETY: reads an option. Nothing in the tests sets it.
        let delay = unsafe { libmimalloc_sys::mi_option_get(super::MI_OPTION_PURGE_DELAY) };
        assert_eq!(
            delay, 1000,
            "mimalloc's option numbers moved: MI_OPTION_PURGE_DELAY is not purge_delay"
        );
    }
}
