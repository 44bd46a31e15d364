import { type SubmissionResult, useForm } from '@conform-to/react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { CheckboxField, Field, RadioGroupField, TextareaField } from './field'

type Fields = { email: string; note: string; quote: boolean; rating: string }

type RenderFields = (fields: ReturnType<typeof useForm<Fields>>[1]) => React.ReactNode

function TestForm({
	lastResult,
	renderFields,
}: {
	lastResult: SubmissionResult<string[]>
	renderFields: RenderFields
}) {
	const [, fields] = useForm<Fields>({ id: 'f', lastResult })
	return <form>{renderFields(fields)}</form>
}

/** A form whose server answer (lastResult) carries `errors`, rendered to HTML. */
function render(errors: Partial<Record<keyof Fields, string[]>>, renderFields: RenderFields) {
	const lastResult: SubmissionResult<string[]> = {
		status: 'error',
		initialValue: {},
		error: errors,
	}
	return renderToStaticMarkup(<TestForm lastResult={lastResult} renderFields={renderFields} />)
}

const ids = (html: string) => new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]))
const describedBy = (html: string) =>
	[...html.matchAll(/aria-describedby="([^"]*)"/g)].flatMap((m) => m[1]!.split(' '))

/** Every id a control points at is an element on the page. */
function expectDescribedByRendered(html: string) {
	const rendered = ids(html)
	for (const id of describedBy(html)) expect(rendered, `#${id}`).toContain(id)
}

describe('Field wires label, hint and error ids', () => {
	test('without hint or error: labelled, valid, described only by its (empty) message slot', () => {
		const html = render({}, (fields) => <Field meta={fields.email} label="E-mail" type="email" />)
		expect(html).toContain('<label for="f-email"')
		expect(html).toContain('id="f-email"')
		expect(html).not.toContain('aria-invalid')
		expect(describedBy(html)).toEqual(['f-email-error'])
		expectDescribedByRendered(html)
	})

	test('with a hint and an error: invalid, described by both, both rendered', () => {
		const html = render({ email: ['Please enter a valid email address'] }, (fields) => (
			<Field meta={fields.email} label="E-mail" hint="We never share it" />
		))
		expect(html).toContain('aria-invalid="true"')
		expect(describedBy(html)).toEqual(['f-email-hint', 'f-email-error'])
		expect(html).toContain('We never share it')
		expect(html).toContain('Please enter a valid email address')
		expectDescribedByRendered(html)
	})

	test('a compact field (the buy form) points at its message only while there is one', () => {
		const compact = { className: 'c', inputClassName: 'i' }
		const valid = render({}, (fields) => (
			<Field meta={fields.email} label="Quantity" compact={compact} />
		))
		expect(valid).not.toContain('aria-describedby')
		expect(valid).not.toContain('f-email-error')

		const invalid = render(
			{ email: ['quantity must be a whole number from 1 to 20'] },
			(fields) => <Field meta={fields.email} label="Quantity" compact={compact} />,
		)
		expect(invalid).toContain('aria-invalid="true"')
		expect(describedBy(invalid)).toEqual(['f-email-error'])
		expect(invalid).toContain('quantity must be a whole number from 1 to 20')
		expectDescribedByRendered(invalid)
	})

	test('textarea, checkbox and radio group use the same wiring', () => {
		const html = render(
			{ note: ['Too long'], quote: ['Say yes or no'], rating: ['Pick one'] },
			(fields) => (
				<>
					<TextareaField meta={fields.note} label="Note" hint="Optional" />
					<CheckboxField meta={fields.quote} label="Quote me" />
					<RadioGroupField
						meta={fields.rating}
						legend="Rating"
						options={[
							{ value: '1', label: 'Poor' },
							{ value: '2', label: 'Good' },
						]}
					/>
				</>
			),
		)
		expect(describedBy(html)).toEqual([
			'f-note-hint',
			'f-note-error',
			'f-quote-error',
			'f-rating-error',
		])
		expect(html.match(/aria-invalid="true"/g)).toHaveLength(3)
		expect(html).toContain('id="f-rating-1"')
		expectDescribedByRendered(html)
	})

	test('a radio option that cannot be chosen is disabled, and says why beside its label', () => {
		const html = render({}, (fields) => (
			<RadioGroupField
				meta={fields.rating}
				legend="Session"
				stacked
				options={[
					{ value: 'a', label: 'Monday' },
					{ value: 'b', label: 'Tuesday', disabled: true, note: 'Full' },
				]}
			/>
		))
		expect(html).toMatch(/<input[^>]*id="f-rating-b"[^>]*disabled=""/)
		expect(html).not.toMatch(/<input[^>]*id="f-rating-a"[^>]*disabled/)
		expect(html).toContain('Tuesday')
		expect(html).toContain('Full')
	})

	test('a valid checkbox without a hint points at nothing', () => {
		const html = render({}, (fields) => <CheckboxField meta={fields.quote} label="Quote me" />)
		expect(html).not.toContain('aria-describedby')
		expect(html).not.toContain('aria-invalid')
	})
})
