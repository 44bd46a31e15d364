import { describe, expect, test } from 'vitest'
import { normalizeName } from '~/forms/normalize'
import {
	applyProfileData,
	EMPTY_PROFILE,
	type Profile,
	parseStoredProfile,
	splitFullName,
} from './profile'

const apply = (data: Parameters<typeof applyProfileData>[1], profile: Profile = EMPTY_PROFILE) =>
	applyProfileData(profile, data)

describe('normalizeName (SPEC §5)', () => {
	test.each([
		['  ada  ', 'Ada'],
		['ADA LOVELACE', 'Ada Lovelace'],
		['ada   \t  lovelace', 'Ada Lovelace'],
		['  --ada lovelace!!  ', 'Ada Lovelace'],
		['123abc', 'Abc'],
		['4ever young', 'Ever Young'],
		['jean-luc picard', 'Jean-Luc Picard'],
		['ANNE-MARIE', 'Anne-Marie'],
		['josé ñúñez', 'José Ñúñez'],
		['ÉLODIE', 'Élodie'],
		['zoë ångström', 'Zoë Ångström'],
		['🚀 ada 🚀', 'Ada'],
		['ada 🚀 lovelace', 'Ada 🚀 Lovelace'],
		['ΑΝΝΑ', 'Αννα'],
		['иван петров', 'Иван Петров'],
		['李小龍', '李小龍'],
		["o'brien", "O'brien"],
		['ludwig van beethoven', 'Ludwig Van Beethoven'],
		['42', ''],
		['', ''],
	])('%j → %j', (input, expected) => {
		expect(normalizeName(input)).toBe(expected)
	})

	test('decomposed accents are kept and stored composed', () => {
		const decomposed = 'jose\u0301'
		expect(normalizeName(decomposed)).toBe('José')
		expect(normalizeName(decomposed)).toHaveLength(4)
	})
})

describe('applyProfileData (SPEC §5)', () => {
	test.each([
		['A', 'First name must be at least 2 characters'],
		['Al', null],
		['Abcdefghijklmnopqrst', null],
		['Abcdefghijklmnopqrstu', 'First name must be less than 20 characters'],
		// Counted after normalisation: the digits and spaces go, one letter is left.
		['  7a7  ', 'First name must be at least 2 characters'],
		// An emoji counts as one character, accents do not add any.
		['Zoë', null],
		['Éé', null],
		[`A${'🚀'.repeat(18)}b`, null],
		[`A${'🚀'.repeat(19)}b`, 'First name must be less than 20 characters'],
	])('first name %j → %s', (firstName, message) => {
		const result = apply({ firstName })
		if (message === null) expect(result).toMatchObject({ ok: true })
		else expect(result).toEqual({ ok: false, message })
	})

	test.each([
		['Li', 'Last name must be at least 3 characters'],
		['Lee', null],
		['Abcdefghijklmnopqrst', null],
		['Abcdefghijklmnopqrstu', 'Last name must be less than 20 characters'],
		['Mäkelä-Ørsted', null],
	])('last name %j → %s', (lastName, message) => {
		const result = apply({ lastName })
		if (message === null) expect(result).toMatchObject({ ok: true })
		else expect(result).toEqual({ ok: false, message })
	})

	test('names are stored normalised', () => {
		expect(apply({ firstName: '  jean-LUC ', lastName: 'PICARD!' })).toEqual({
			ok: true,
			profile: { ...EMPTY_PROFILE, firstName: 'Jean-Luc', lastName: 'Picard' },
		})
	})

	test('an invalid e-mail is refused with the spec message', () => {
		expect(apply({ email: 'not-an-email' })).toEqual({
			ok: false,
			message: 'Please enter a valid email address',
		})
		expect(apply({ email: ' ada@example.com ' })).toMatchObject({
			ok: true,
			profile: { email: 'ada@example.com' },
		})
	})

	test('the avatar must be a web URL', () => {
		for (const avatar of ['not a url', 'javascript:alert(1)', 'data:image/png;base64,AAAA']) {
			expect(apply({ avatar })).toEqual({
				ok: false,
				message: 'Please enter a valid URL for the avatar',
			})
		}
		expect(apply({ avatar: 'https://avatars.githubusercontent.com/u/1?v=4' })).toMatchObject({
			ok: true,
		})
	})

	test('the order hash id may be any string', () => {
		expect(apply({ orderHashId: 'x' })).toMatchObject({ ok: true, profile: { orderHashId: 'x' } })
	})

	test('an invalid value stores nothing and returns the first message, in field order', () => {
		const before: Profile = { ...EMPTY_PROFILE, firstName: 'Ada', email: 'ada@example.com' }
		const result = apply(
			{ avatar: 'nope', firstName: 'Grace', lastName: 'X', email: 'bad' },
			before,
		)
		expect(result).toEqual({ ok: false, message: 'Please enter a valid email address' })
		expect(before.firstName).toBe('Ada')
		expect(apply({ lastName: 'X', firstName: 'G' }, before)).toEqual({
			ok: false,
			message: 'First name must be at least 2 characters',
		})
	})

	test('empty values are ignored and keep what was there', () => {
		const before: Profile = { ...EMPTY_PROFILE, firstName: 'Ada', email: 'ada@example.com' }
		expect(
			apply({ firstName: '', email: '   ', lastName: null, avatar: undefined }, before),
		).toEqual({ ok: true, profile: before })
	})

	test('unknown keys are ignored', () => {
		expect(apply({ isAdmin: 'yes' } as never)).toEqual({ ok: true, profile: EMPTY_PROFILE })
	})
})

describe('splitFullName', () => {
	test.each([
		['Ada Lovelace', 'Ada', 'Lovelace'],
		['  Ludwig   van Beethoven ', 'Ludwig', 'van Beethoven'],
		['Jean-Luc Picard', 'Jean-Luc', 'Picard'],
		['Cher', 'Cher', ''],
		['', '', ''],
		[null, '', ''],
	])('%j → %j / %j', (fullName, firstName, lastName) => {
		expect(splitFullName(fullName)).toEqual({ firstName, lastName })
	})
})

describe('parseStoredProfile', () => {
	test('fills missing fields and refuses wrong types', () => {
		expect(parseStoredProfile({ email: 'a@b.co' })).toEqual({ ...EMPTY_PROFILE, email: 'a@b.co' })
		expect(parseStoredProfile({ email: 42 })).toBeNull()
		expect(parseStoredProfile('x')).toBeNull()
		expect(parseStoredProfile(null)).toBeNull()
	})
})
