/**
 * Passkeys against a software authenticator (docs/decisions/136): a P-256 key made here signs
 * what a browser's authenticator would, so registration and step-up run through
 * @simplewebauthn/server's real checks. A passkey made for this site signs a step-up once per
 * challenge; an answer for another origin, a replayed answer, or a challenge from another
 * session version is refused.
 */
import crypto from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '~/db/client.server'
import { prepareDatabase } from '~/db/prepare.server'
import { pglite } from '../../../tests/support/databases'
import {
	hasPasskey,
	passkeyAuthenticationOptions,
	passkeyRegistrationOptions,
	registerPasskey,
	spendPasskey,
} from './passkeys.server'

const SITE = { origin: 'https://course.example', secret: 's'.repeat(40), name: 'course.example' }
const OWNER = { via: 'github' as const, login: 'mona', version: 3 }

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url')
const sha256 = (data: Uint8Array | string) => crypto.createHash('sha256').update(data).digest()

/** A passkey authenticator in software: one P-256 key, user present and verified. */
function softwareAuthenticator() {
	const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' })
	const jwk = publicKey.export({ format: 'jwk' })
	const credentialId = crypto.randomBytes(16)
	let count = 0
	const cose = isoCBOR.encode(
		new Map<number, number | Uint8Array>([
			[1, 2], // kty: EC2
			[3, -7], // alg: ES256
			[-1, 1], // crv: P-256
			[-2, Buffer.from(jwk.x!, 'base64url')],
			[-3, Buffer.from(jwk.y!, 'base64url')],
		]),
	)
	const authData = (rpId: string, attested: boolean) => {
		const counter = Buffer.alloc(4)
		counter.writeUInt32BE(++count)
		// UP (0x01) and UV (0x04); AT (0x40) when a credential is attached.
		const flags = Buffer.from([0x05 | (attested ? 0x40 : 0)])
		const head = Buffer.concat([sha256(rpId), flags, counter])
		if (!attested) return head
		const idLength = Buffer.alloc(2)
		idLength.writeUInt16BE(credentialId.length)
		return Buffer.concat([head, Buffer.alloc(16), idLength, credentialId, cose])
	}
	const clientData = (type: string, challenge: string, origin: string) =>
		Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }))
	return {
		create(options: { challenge: string; rp: { id?: string } }, origin = SITE.origin) {
			const attestationObject = isoCBOR.encode(
				new Map<string, unknown>([
					['fmt', 'none'],
					['attStmt', new Map()],
					['authData', authData(options.rp.id!, true)],
				]) as never,
			)
			return {
				id: b64url(credentialId),
				rawId: b64url(credentialId),
				type: 'public-key' as const,
				clientExtensionResults: {},
				response: {
					clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin)),
					attestationObject: b64url(attestationObject),
					transports: ['internal' as const],
				},
			}
		},
		get(options: { challenge: string; rpId?: string }, origin = SITE.origin) {
			const data = authData(options.rpId!, false)
			const client = clientData('webauthn.get', options.challenge, origin)
			const signature = crypto.sign('sha256', Buffer.concat([data, sha256(client)]), privateKey)
			return {
				id: b64url(credentialId),
				rawId: b64url(credentialId),
				type: 'public-key' as const,
				clientExtensionResults: {},
				response: {
					clientDataJSON: b64url(client),
					authenticatorData: b64url(data),
					signature: b64url(signature),
				},
			}
		},
	}
}

describe('passkeys with a software authenticator', () => {
	let database: Database
	let cleanup: () => Promise<void>
	const authenticator = softwareAuthenticator()

	beforeAll(async () => {
		;({ database, cleanup } = await pglite.open())
		await prepareDatabase(database)
	})
	afterAll(async () => cleanup?.())

	test('a passkey made for another origin is refused; one made for the site is stored once', async () => {
		const db = database.db
		const options = await passkeyRegistrationOptions(db, OWNER, SITE)
		expect(options.rp.id).toBe('course.example')
		const foreign = authenticator.create(options, 'https://evil.example')
		expect(await registerPasskey(db, OWNER, SITE, foreign)).toBe(false)
		expect(await hasPasskey(db, OWNER)).toBe(false)

		const made = authenticator.create(await passkeyRegistrationOptions(db, OWNER, SITE))
		expect(await registerPasskey(db, OWNER, SITE, made)).toBe(true)
		expect(await hasPasskey(db, OWNER)).toBe(true)
		// The same answer again: its challenge was used.
		expect(await registerPasskey(db, OWNER, SITE, made)).toBe(false)
	})

	test('the passkey signs a step-up once per challenge, for this session version and origin only', async () => {
		const db = database.db
		const options = await passkeyAuthenticationOptions(db, OWNER, SITE)
		expect(options.rpId).toBe('course.example')
		expect(options.allowCredentials).toHaveLength(1)
		const answer = authenticator.get(options)
		expect(await spendPasskey(db, OWNER, SITE, answer)).toBe(true)
		expect(await spendPasskey(db, OWNER, SITE, answer)).toBe(false)

		const signedOut = { ...OWNER, version: OWNER.version + 1 }
		const stale = authenticator.get(await passkeyAuthenticationOptions(db, OWNER, SITE))
		expect(await spendPasskey(db, signedOut, SITE, stale)).toBe(false)

		const phished = authenticator.get(
			await passkeyAuthenticationOptions(db, OWNER, SITE),
			'https://course.example.evil.example',
		)
		expect(await spendPasskey(db, OWNER, SITE, phished)).toBe(false)

		const otherSecret = { ...SITE, secret: 't'.repeat(40) }
		const forged = authenticator.get(await passkeyAuthenticationOptions(db, OWNER, otherSecret))
		expect(await spendPasskey(db, OWNER, SITE, forged)).toBe(false)
	})
})
