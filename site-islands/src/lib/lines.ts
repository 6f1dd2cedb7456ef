//! Lines of a byte stream, for the server entry's JSON-lines protocol.

/**
 * A chunk handler that calls `onLine` with each whole line (its `\n` removed, decoded from
 * UTF-8 once it is whole, so a character split between chunks arrives intact); the bytes after
 * the last `\n` wait for the next chunk. `node:readline` decodes every chunk and runs a regular
 * expression over it for line breaks: for a listing page's request (some 27 kB) that was 8 % of
 * a renderer's CPU in a full build (docs/benchmarks.md).
 */
export function lineSplitter(onLine: (line: string) => void): (chunk: Uint8Array) => void {
  let partial: Buffer[] = []
  return (chunk) => {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
    let start = 0
    for (let end = bytes.indexOf(0x0a, start); end !== -1; end = bytes.indexOf(0x0a, start)) {
      partial.push(bytes.subarray(start, end))
      const line = (partial.length === 1 ? partial[0] : Buffer.concat(partial)).toString('utf8')
      partial = []
      start = end + 1
      onLine(line)
    }
    if (start < bytes.length) partial.push(bytes.subarray(start))
  }
}
