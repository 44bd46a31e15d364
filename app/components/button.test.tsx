import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { Button, isSubmittingTo } from './button'

describe('buttons with a loading state (SPEC §4)', () => {
	test('a pending button shows a spinner, says "Loading" and is aria-disabled, not disabled', () => {
		const html = renderToStaticMarkup(<Button pending>Sign up</Button>)
		expect(html).toContain('aria-disabled="true"')
		expect(html).toContain('data-pending=""')
		expect(html).toContain('(Loading)')
		expect(html).toContain('<svg')
		expect(html).not.toContain(' disabled=""')
	})

	test('an idle button is plain', () => {
		const html = renderToStaticMarkup(<Button>Sign up</Button>)
		expect(html).not.toContain('aria-disabled="')
		expect(html).not.toContain('Loading')
	})

	const submitting = {
		state: 'submitting',
		formAction: '/workshop?index',
		formMethod: 'POST',
	} as const

	test('pending while a submission to its action is under way, by click or automatic submit', () => {
		expect(isSubmittingTo(submitting, '/workshop?index')).toBe(true)
		expect(isSubmittingTo({ ...submitting, state: 'loading' }, '/workshop?index', 'post')).toBe(
			true,
		)
	})

	test('not pending for other actions, other methods, plain navigations or when idle', () => {
		expect(isSubmittingTo(submitting, '/ai-driven-development-day')).toBe(false)
		expect(isSubmittingTo(submitting, '/workshop?index', 'GET')).toBe(false)
		expect(
			isSubmittingTo(
				{ state: 'loading', formAction: undefined, formMethod: undefined },
				'/workshop',
			),
		).toBe(false)
		expect(
			isSubmittingTo({ state: 'idle', formAction: undefined, formMethod: undefined }, '/workshop'),
		).toBe(false)
	})
})
