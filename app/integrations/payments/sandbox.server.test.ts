import { describe, expect, test } from 'vitest'
import { checkSandboxCard, createSandboxProvider, luhnValid } from './sandbox.server'

describe('the sandbox card', () => {
	test('4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined', () => {
		expect(checkSandboxCard('4242 4242 4242 4242')).toEqual({ ok: true })
		expect(checkSandboxCard('4000-0000-0000-0002')).toEqual({
			ok: false,
			message: 'Your card was declined. Try another card.',
		})
	})

	test('a mistyped number is incorrect, another real-looking one is declined with a hint', () => {
		expect(luhnValid('4242424242424241')).toBe(false)
		expect(checkSandboxCard('4242 4242 4242 4241')).toMatchObject({
			message: 'Your card number is incorrect.',
		})
		expect(checkSandboxCard('abc')).toMatchObject({ message: 'Your card number is incorrect.' })
		expect(checkSandboxCard('5555 5555 5555 4444')).toMatchObject({
			ok: false,
			message: expect.stringContaining('4242 4242 4242 4242'),
		})
	})
})

describe('the sandbox provider', () => {
	const sandbox = createSandboxProvider()

	test('its hosted page is on the site, and the order is the session', async () => {
		expect(
			await sandbox.createSession({
				orderId: 'order-1',
				origin: 'http://site.test',
			} as Parameters<typeof sandbox.createSession>[0]),
		).toEqual({ sessionId: 'order-1', link: 'http://site.test/checkout/sandbox/order-1' })
	})

	test('nothing remote: no webhooks, no session to look up or expire, no grace minutes', () => {
		expect(sandbox.verifyEvent).toBeUndefined()
		expect(sandbox.lookUpSession).toBeUndefined()
		expect(sandbox.expireSession).toBeUndefined()
		expect(sandbox.reservationGraceMinutes).toBe(0)
		expect(sandbox.testMode).toBe(true)
	})

	test('"Pay", "Cancel" and a refund are events about the order, one id each', async () => {
		const charge = { amountMinor: 24_900, currency: 'USD', mode: 'payment' }
		expect(sandbox.sitePage!.paid('order-1', { email: 'ada@example.com' }, charge)).toEqual({
			id: 'sandbox:order-1:completed',
			provider: 'sandbox',
			type: 'completed',
			orderId: 'order-1',
			sessionId: 'order-1',
			paymentIntentId: null,
			email: 'ada@example.com',
			name: null,
			charge,
		})
		expect(sandbox.sitePage!.cancelled('order-1')).toMatchObject({
			id: 'sandbox:order-1:expired',
			type: 'expired',
		})
		expect(await sandbox.refund!({ orderId: 'order-1', paymentIntentId: null })).toMatchObject({
			id: 'sandbox:order-1:refunded',
			type: 'refunded',
			orderId: 'order-1',
		})
	})
})
