import { expect, test } from 'vitest'
import { isBot } from './bot.server'

test('a User-Agent is told a bot or a browser, the same when asked again and past the memory’s size', () => {
	const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36'
	const crawler = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
	for (let round = 0; round < 2; round++) {
		expect(isBot(browser)).toBe(false)
		expect(isBot(crawler)).toBe(true)
		expect(isBot('HeadlessChrome/120')).toBe(true)
		// As isbot: no User-Agent is not taken for a bot (locale.server.ts asks for one first).
		expect(isBot(null)).toBe(false)
	}
	for (let i = 0; i < 1_200; i++) isBot(`Mozilla/5.0 (X11; Linux x86_64) Chrome/${i}.0`)
	expect(isBot(browser)).toBe(false)
	expect(isBot(crawler)).toBe(true)
})
