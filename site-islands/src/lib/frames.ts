/** The longest [`afterPaint`] waits for a frame: a page in a background tab paints none. */
const NO_FRAME_MS = 100

/**
 * Runs `run` once the browser has painted what was just rendered (a task queued from the next
 * frame), or after [`NO_FRAME_MS`] when no frame comes: for work a visitor does not see (more
 * requests, the address bar) that must not hold up the frame showing what they asked for.
 */
export function afterPaint(run: () => void): void {
  let done = false
  const once = () => {
    if (done) return
    done = true
    run()
  }
  requestAnimationFrame(() => setTimeout(once, 0))
  setTimeout(once, NO_FRAME_MS)
}
