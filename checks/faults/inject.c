// An LD_PRELOAD fault injector for the server's own disk I/O, the way libfiu's POSIX preload
// (Debian's fiu-utils) works, with the two things the fault suite needs that fiu-run cannot say:
// faults only where a disk can give them (files and folders under FAULTS_DIR, never a socket,
// a pipe, an eventfd or the log), and "the N-th call fails" counted across every kind of call.
//
// Wrapped: open, open64, openat, openat64, creat, creat64 (EIO, or ENOSPC when creating),
// write, pwrite, pwrite64, pwritev, pwritev64 (EIO, ENOSPC, or a short write), fsync, fdatasync,
// rename, renameat, renameat2 (EIO, ENOSPC); close forgets the descriptor.
//
// Environment:
//   FAULTS_DIR          only paths under this folder are faulted (required)
//   FAULTS_ONLY         only paths that also contain one of these comma-separated texts
//   FAULTS_MODE         count (default: nothing fails, calls are counted), nth, random
//   FAULTS_NTH          nth: the armed call number (from 1) that fails; every other succeeds
//   FAULTS_ERROR        nth: EIO, ENOSPC or SHORT (a short write; EIO where a call has no length)
//   FAULTS_PROBABILITY  random: the chance of each call failing (EIO, ENOSPC or SHORT, mixed)
//   FAULTS_SEED         random: the seed (the same seed fails the same call numbers)
//   FAULTS_REPORT       a file the injector appends to: each injected fault, and the call count
// Signals: SIGUSR1 arms (the count starts at 0), SIGUSR2 disarms and appends `calls <n>`.
// Nothing fails before the first SIGUSR1, so the server starts and migrates undisturbed.

#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

#define MAX_FD 65536

enum mode { COUNT, NTH, RANDOM };
enum fault { NONE, F_EIO, F_ENOSPC, F_SHORT };

static char dir[PATH_MAX];
static size_t dir_len;
static char only[PATH_MAX];
static enum mode mode = COUNT;
static unsigned long nth;
static enum fault nth_fault = F_EIO;
static double probability;
static uint64_t seed;
static int report_fd = -1;
static atomic_bool armed;
static atomic_ulong calls;
static atomic_ulong injected;
static atomic_uchar ours[MAX_FD];

static void say(const char *text) {
    if (report_fd >= 0) syscall(SYS_write, report_fd, text, strlen(text));
}

static void on_arm(int sig) {
    (void)sig;
    atomic_store(&calls, 0);
    atomic_store(&injected, 0);
    atomic_store(&armed, true);
}

static void on_disarm(int sig) {
    (void)sig;
    atomic_store(&armed, false);
    // Async-signal-safe: digits by hand, one raw write.
    char line[64] = "calls ";
    char digits[24];
    unsigned long n = atomic_load(&calls);
    int i = 0;
    do { digits[i++] = (char)('0' + n % 10); n /= 10; } while (n);
    size_t at = strlen(line);
    while (i) line[at++] = digits[--i];
    line[at++] = '\n';
    line[at] = 0;
    say(line);
}

__attribute__((constructor)) static void setup(void) {
    const char *d = getenv("FAULTS_DIR");
    if (d && realpath(d, dir)) dir_len = strlen(dir);
    const char *o = getenv("FAULTS_ONLY");
    if (o) snprintf(only, sizeof only, "%s", o);
    const char *m = getenv("FAULTS_MODE");
    if (m && !strcmp(m, "nth")) mode = NTH;
    if (m && !strcmp(m, "random")) mode = RANDOM;
    const char *v;
    if ((v = getenv("FAULTS_NTH"))) nth = strtoul(v, NULL, 10);
    if ((v = getenv("FAULTS_ERROR"))) {
        if (!strcmp(v, "ENOSPC")) nth_fault = F_ENOSPC;
        if (!strcmp(v, "SHORT")) nth_fault = F_SHORT;
    }
    if ((v = getenv("FAULTS_PROBABILITY"))) probability = strtod(v, NULL);
    if ((v = getenv("FAULTS_SEED"))) seed = strtoull(v, NULL, 10);
    if ((v = getenv("FAULTS_REPORT")))
        report_fd = (int)syscall(SYS_open, v, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    struct sigaction arm = {.sa_handler = on_arm, .sa_flags = SA_RESTART};
    struct sigaction disarm = {.sa_handler = on_disarm, .sa_flags = SA_RESTART};
    sigaction(SIGUSR1, &arm, NULL);
    sigaction(SIGUSR2, &disarm, NULL);
}

#define REAL(name) \
    static __typeof__(name) *real_##name; \
    if (!real_##name) real_##name = (__typeof__(name) *)dlsym(RTLD_NEXT, #name)

static bool under(const char *path) {
    if (!dir_len || !path) return false;
    char full[PATH_MAX];
    if (path[0] != '/') {
        if (!getcwd(full, sizeof full)) return false;
        size_t n = strlen(full);
        if (n + 1 + strlen(path) >= sizeof full) return false;
        full[n] = '/';
        strcpy(full + n + 1, path);
        path = full;
    }
    if (strncmp(path, dir, dir_len) || (path[dir_len] != '/' && path[dir_len] != 0)) return false;
    if (!only[0]) return true;
    char texts[PATH_MAX];
    snprintf(texts, sizeof texts, "%s", only);
    char *rest = texts;
    for (char *text; (text = strtok_r(rest, ",", &rest));)
        if (strstr(path, text)) return true;
    return false;
}

static bool our_fd(int fd) { return fd >= 0 && fd < MAX_FD && atomic_load(&ours[fd]); }

// Whether `path`, relative to the folder open as `dirfd`, is under FAULTS_DIR.
static bool under_at(int dirfd, const char *path) {
    return path[0] == '/' || dirfd == AT_FDCWD ? under(path) : our_fd(dirfd);
}

static uint64_t mix(uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

// Whether this call (of `what`, on `target`) fails, and how. `can_short`: the call has a length.
static enum fault decide(const char *what, const char *target, int fd, bool can_short,
                         bool creating) {
    if (!atomic_load(&armed)) return NONE;
    unsigned long n = atomic_fetch_add(&calls, 1) + 1;
    enum fault f = NONE;
    if (mode == NTH && n == nth) f = nth_fault;
    if (mode == RANDOM) {
        uint64_t r = mix(seed * 1000003ULL + n);
        if ((double)(r >> 11) / 9007199254740992.0 < probability)
            f = (enum fault)(1 + mix(r) % 3);
    }
    if (f == F_SHORT && !can_short) f = F_EIO;
    if (f == F_ENOSPC && !creating && what[0] == 'o') f = F_EIO;
    if (f == NONE) return NONE;
    atomic_fetch_add(&injected, 1);
    char path[PATH_MAX] = "";
    if (target) {
        snprintf(path, sizeof path, "%s", target);
    } else if (fd >= 0) {
        char link[64];
        snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
        ssize_t len = readlink(link, path, sizeof path - 1);
        path[len > 0 ? len : 0] = 0;
    }
    char line[PATH_MAX + 128];
    snprintf(line, sizeof line, "fault %lu %s %s %s\n", n, what,
             f == F_EIO ? "EIO" : f == F_ENOSPC ? "ENOSPC" : "SHORT", path);
    say(line);
    return f;
}

static int fail(enum fault f) {
    errno = f == F_ENOSPC ? ENOSPC : EIO;
    return -1;
}

static int opened(int fd, const char *path, int dirfd) {
    if (fd >= 0 && fd < MAX_FD) {
        atomic_store(&ours[fd], under_at(dirfd, path));
    }
    return fd;
}

static bool mode_arg(int flags) { return (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE; }

// The open call's third argument, which is there only when it creates a file.
#define MODE_ARG(m, flags)                 \
    mode_t m = 0;                          \
    if (mode_arg(flags)) {                 \
        va_list ap;                        \
        va_start(ap, flags);               \
        m = va_arg(ap, mode_t);            \
        va_end(ap);                        \
    }

#define OPEN_LIKE(name)                                                              \
    int name(const char *path, int flags, ...) {                                          \
        REAL(name);                                                                       \
        MODE_ARG(m, flags);                                                               \
        if (under(path)) {                                                                \
            enum fault f = decide(#name, path, -1, false, flags & O_CREAT);               \
            if (f) return fail(f);                                                        \
        }                                                                                 \
        return opened(real_##name(path, flags, m), path, AT_FDCWD);                       \
    }
OPEN_LIKE(open)
OPEN_LIKE(open64)

#define OPENAT_LIKE(name)                                                                 \
    int name(int dirfd, const char *path, int flags, ...) {                               \
        REAL(name);                                                                       \
        MODE_ARG(m, flags);                                                               \
        if (under_at(dirfd, path)) {                                                      \
            enum fault f = decide(#name, path, -1, false, flags & O_CREAT);               \
            if (f) return fail(f);                                                        \
        }                                                                                 \
        return opened(real_##name(dirfd, path, flags, m), path, dirfd);                   \
    }
OPENAT_LIKE(openat)
OPENAT_LIKE(openat64)

int creat(const char *path, mode_t m) { return open(path, O_CREAT | O_WRONLY | O_TRUNC, m); }
int creat64(const char *path, mode_t m) { return open64(path, O_CREAT | O_WRONLY | O_TRUNC, m); }

int close(int fd) {
    REAL(close);
    if (fd >= 0 && fd < MAX_FD) atomic_store(&ours[fd], false);
    return real_close(fd);
}

ssize_t write(int fd, const void *buf, size_t count) {
    REAL(write);
    if (our_fd(fd)) {
        enum fault f = decide("write", NULL, fd, true, true);
        if (f == F_SHORT && count > 1) return real_write(fd, buf, count / 2);
        if (f) return fail(f);
    }
    return real_write(fd, buf, count);
}

#define PWRITE_LIKE(name, off_t_)                                                         \
    ssize_t name(int fd, const void *buf, size_t count, off_t_ offset) {                  \
        REAL(name);                                                                       \
        if (our_fd(fd)) {                                                                 \
            enum fault f = decide(#name, NULL, fd, true, true);                           \
            if (f == F_SHORT && count > 1) return real_##name(fd, buf, count / 2, offset); \
            if (f) return fail(f);                                                        \
        }                                                                                 \
        return real_##name(fd, buf, count, offset);                                       \
    }
PWRITE_LIKE(pwrite, off_t)
PWRITE_LIKE(pwrite64, off64_t)

#define PWRITEV_LIKE(name, off_t_)                                                        \
    ssize_t name(int fd, const struct iovec *iov, int n, off_t_ offset) {                 \
        REAL(name);                                                                       \
        if (our_fd(fd)) {                                                                 \
            enum fault f = decide(#name, NULL, fd, true, true);                           \
            if (f == F_SHORT && n > 0 && iov[0].iov_len > 1) {                            \
                struct iovec half = {iov[0].iov_base, iov[0].iov_len / 2};                \
                return real_##name(fd, &half, 1, offset);                                 \
            }                                                                             \
            if (f) return fail(f);                                                        \
        }                                                                                 \
        return real_##name(fd, iov, n, offset);                                           \
    }
PWRITEV_LIKE(pwritev, off_t)
PWRITEV_LIKE(pwritev64, off64_t)

#define SYNC_LIKE(name)                                                                   \
    int name(int fd) {                                                                    \
        REAL(name);                                                                       \
        if (our_fd(fd)) {                                                                 \
            enum fault f = decide(#name, NULL, fd, false, true);                          \
            if (f) return fail(f);                                                        \
        }                                                                                 \
        return real_##name(fd);                                                           \
    }
SYNC_LIKE(fsync)
SYNC_LIKE(fdatasync)

int rename(const char *from, const char *to) {
    REAL(rename);
    if (under(to)) {
        enum fault f = decide("rename", to, -1, false, true);
        if (f) return fail(f);
    }
    return real_rename(from, to);
}

int renameat(int fromfd, const char *from, int tofd, const char *to) {
    REAL(renameat);
    if (under_at(tofd, to)) {
        enum fault f = decide("renameat", to, -1, false, true);
        if (f) return fail(f);
    }
    return real_renameat(fromfd, from, tofd, to);
}

int renameat2(int fromfd, const char *from, int tofd, const char *to, unsigned int flags) {
    REAL(renameat2);
    if (under_at(tofd, to)) {
        enum fault f = decide("renameat2", to, -1, false, true);
        if (f) return fail(f);
    }
    return real_renameat2(fromfd, from, tofd, to, flags);
}
