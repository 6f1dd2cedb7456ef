import { describe, expect, it } from 'vitest'
import { lineSplitter } from './lines'

function linesOf(chunks: Uint8Array[]): string[] {
  const lines: string[] = []
  const push = lineSplitter((line) => lines.push(line))
  chunks.forEach(push)
  return lines
}

describe('lineSplitter', () => {
  it('gives each whole line once, wherever the chunks are cut, characters intact', () => {
    const text = '{"a":"دار وصل"}\n\n{"b":"✈︎ Riyadh"}\r\n{"c":1}\nrest'
    const bytes = new TextEncoder().encode(text)
    const whole = ['{"a":"دار وصل"}', '', '{"b":"✈︎ Riyadh"}\r', '{"c":1}']
    for (let size = 1; size <= bytes.length; size++) {
      const chunks: Uint8Array[] = []
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size))
      expect(linesOf(chunks)).toEqual(whole)
    }
  })

  it('keeps a line without its newline until the newline comes', () => {
    const lines: string[] = []
    const push = lineSplitter((line) => lines.push(line))
    push(new TextEncoder().encode('{"id":1'))
    expect(lines).toEqual([])
    push(new TextEncoder().encode('}\n'))
    expect(lines).toEqual(['{"id":1}'])
  })
})
