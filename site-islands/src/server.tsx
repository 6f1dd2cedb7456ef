//! The server-render entry the generator runs (`node dist/server/server.js`): JSON lines in on
//! stdin, one JSON line out per request on stdout, logs on stderr; exits when stdin closes.
import { lineSplitter } from './lib/lines'
import { IslandServer, loadIslands } from './protocol'

// Stdout carries the protocol only: anything logged goes to stderr.
for (const level of ['log', 'info', 'debug', 'warn'] as const) console[level] = console.error

const server = new IslandServer(await loadIslands())
process.stdin.on(
  'data',
  lineSplitter((line) => {
    if (line.trim() === '') return
    const reply = server.handle(line)
    if (reply !== null) process.stdout.write(`${reply}\n`)
  }),
)
