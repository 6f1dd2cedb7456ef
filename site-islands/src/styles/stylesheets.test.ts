//! The site's stylesheets (ssg/assets), read as text: the few rules the islands and the
//! header rely on that a browser test would otherwise be needed to catch.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const css = (name: string) => readFileSync(resolve(import.meta.dirname, '../../../ssg/assets', name), 'utf8')

/** The declarations of the first rule whose selector list holds `selector`. */
function declarations(sheet: string, selector: string): Record<string, string> {
  const blocks = sheet.replace(/\/\*[\s\S]*?\*\//g, '').split('}')
  const rule = blocks.find((block) => {
    const head = block.slice(0, block.lastIndexOf('{')).split('{').pop() ?? ''
    return block.includes('{') && head.split(',').some((part) => part.trim() === selector)
  })
  if (!rule) throw new Error(`no rule for ${selector}`)
  return Object.fromEntries(
    rule
      .slice(rule.lastIndexOf('{') + 1)
      .split(';')
      .map((part) => part.split(/:(.*)/s).map((text) => text.trim()))
      .filter(([name, value]) => name && value)
      .map(([name, value]) => [name, value]),
  )
}

/** A colour as written in the sheets is opaque: a custom property of `:root` is resolved first. */
function isOpaque(sheet: string, colour: string): boolean {
  const variable = /^var\((--[\w-]+)\)$/.exec(colour)
  if (variable) return isOpaque(sheet, declarations(sheet, ':root')[variable[1]] ?? 'transparent')
  if (/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(colour)) return true
  const rgb = /^rgba?\(([^)]*)\)$/.exec(colour)
  if (!rgb) return false
  const alpha = rgb[1].split(/[\s,/]+/).filter(Boolean)[3]
  return alpha === undefined || Number(alpha.replace('%', '')) === (alpha.endsWith('%') ? 100 : 1)
}

describe('stylesheets', () => {
  it('give the sticky header an opaque background, so no text shows through it', () => {
    const site = css('site.css')
    const header = declarations(site, '.site-header')
    expect(header.position).toBe('sticky')
    expect(isOpaque(site, header.background), header.background).toBe(true)
  })

  it('can put the toasts at the top of the screen, away from the control that asked', () => {
    const top = declarations(css('islands.css'), '.toast-region[data-placement="top"]')
    expect(top['inset-block-start']).toBeTruthy()
    expect(top['inset-block-end']).toBe('auto')
  })
})
