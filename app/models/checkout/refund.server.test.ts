/**
 * The checkout steps on the embedded defaults (the sandbox provider, an in-memory PGlite): a
 * refund is recorded through the same confirm step as a payment (docs/decisions/032).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Database, openDatabase } from '~/db/client.server'
import { prepareDatabase } from '~/db/prepare.server'
import { leaveInProcess, useInProcess } from '../../../tests/support/in-process'
import {
	CheckoutError,
	createCheckout,
	findValidPass,
	getCheckout,
	recordSandboxPayment,
	refundCheckout,
} from './index.server'

describe('refunds with the sandbox provider', () => {
	let database: Database

	beforeAll(async () => {
		database = await openDatabase({})
		await prepareDatabase(database)
		// The configuration and database this process's models use: no Stripe key, so the sandbox.
		useInProcess()
	})
	afterAll(async () => {
		leaveInProcess()
		await database?.close()
	})

	const buyPasses = async (quantity: number) => {
		const { id } = await createCheckout(database.db, {
			code: 'ai-driven-development-day-pass',
			quantity,
			region: 'GLOBAL',
			origin: 'http://site.test',
		})
		await recordSandboxPayment(database.db, id, { email: 'ada@example.com' })
		return id
	}

	test('a paid order is refunded at once through the confirm step, and its passes stop being valid', async () => {
		const id = await buyPasses(2)
		const paid = await getCheckout(database.db, id)
		expect(paid).toMatchObject({ status: 'paid' })
		expect(await findValidPass(database.db, paid!.data.passes[0]!)).not.toBeNull()

		expect(await refundCheckout(database.db, id)).toEqual({
			changed: true,
			orderId: id,
			status: 'refunded',
		})
		expect(await getCheckout(database.db, id)).toMatchObject({
			status: 'refunded',
			data: { passes: [] },
		})
		expect(await findValidPass(database.db, paid!.data.passes[0]!)).toBeNull()
	})

	test('only a paid order can be refunded, and only once', async () => {
		const id = await buyPasses(1)
		await refundCheckout(database.db, id)
		await expect(refundCheckout(database.db, id)).rejects.toMatchObject({
			status: 409,
			reason: 'the order is refunded',
		})
		const { id: pending } = await createCheckout(database.db, {
			code: 'ai-driven-development-day-pass',
			quantity: 1,
			region: 'GLOBAL',
			origin: 'http://site.test',
		})
		await expect(refundCheckout(database.db, pending)).rejects.toBeInstanceOf(CheckoutError)
		await expect(refundCheckout(database.db, 'A'.repeat(22))).rejects.toMatchObject({ status: 404 })
	})
})
