import { expect, test } from 'vitest'
import { colorModeLabel, isColorMode, nextColorMode } from './color-mode'

test('the toggle cycles dark, light, system and back to dark', () => {
	expect(nextColorMode('dark')).toBe('light')
	expect(nextColorMode('light')).toBe('system')
	expect(nextColorMode('system')).toBe('dark')
})

test('only dark, light and system are colour modes', () => {
	expect(['dark', 'light', 'system'].every(isColorMode)).toBe(true)
	expect(isColorMode('blue')).toBe(false)
	expect(isColorMode(undefined)).toBe(false)
})

test('the toggle is labelled by what it does', () => {
	expect(colorModeLabel('light')).toBe('Switch to light mode')
	expect(colorModeLabel('system')).toBe('Use system colour mode')
})
