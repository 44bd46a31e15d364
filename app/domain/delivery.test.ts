import { describe, expect, test } from 'vitest'
import { deliveryState, ORDER_EMAIL_LABELS } from './delivery'

describe("an order page's e-mail states (docs/decisions/113)", () => {
	const at = new Date('2026-01-01T00:00:00Z')

	test('"delivered" only once the mail server accepted the message', () => {
		const state = deliveryState({ transport: 'smtp', sentAt: at, failedAt: null })
		expect(state).toBe('delivered')
		expect(ORDER_EMAIL_LABELS[state]).toBe('delivered')
	})

	test('a message without SMTP_URL is kept in the outbox, even with sent_at set', () => {
		const state = deliveryState({ transport: 'outbox', sentAt: at, failedAt: null })
		expect(state).toBe('outbox-only')
		expect(ORDER_EMAIL_LABELS[state]).toMatch(/^kept in the outbox/)
	})

	test('a queued or failed message is not delivered', () => {
		const queued = deliveryState({ transport: 'smtp', sentAt: null, failedAt: null })
		const failed = deliveryState({ transport: 'smtp', sentAt: null, failedAt: at })
		expect([queued, failed]).toEqual(['queued', 'failed'])
		for (const state of [queued, failed])
			expect(ORDER_EMAIL_LABELS[state]).toMatch(/^not delivered/)
	})
})
