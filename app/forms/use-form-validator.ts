/**
 * Validation as you type, without zod in the first load (docs/decisions/004, 065): the registry
 * of schemas arrives in a chunk loaded after hydration. Until then (or if it fails to load) a
 * submission goes to the server, which validates with the same schema and answers with the
 * same messages.
 */
import { parse, type Submission, useForm } from '@conform-to/react'
import { useEffect, useState } from 'react'
import type { FormFields, FormName, FormOptions } from './registry'

type Validator<N extends FormName> = (formData: FormData) => Submission<FormFields<N>>

let loading: Promise<typeof import('./registry')> | null = null

function loadRegistry() {
	loading ??= import('./registry').catch((error: unknown) => {
		loading = null
		throw error
	})
	return loading
}

/** The `onValidate` for conform's `useForm`, by form name. */
function useFormValidator<N extends FormName>(name: N, options: FormOptions = {}) {
	const { maxQuantity } = options
	const [validator, setValidator] = useState<Validator<N> | null>(null)
	useEffect(() => {
		let active = true
		loadRegistry().then(
			(registry) => {
				if (!active) return
				const validate: Validator<N> = (formData) =>
					registry.parseForm(name, formData, { maxQuantity }) as Submission<FormFields<N>>
				setValidator(() => validate)
			},
			() => {},
		)
		return () => {
			active = false
		}
	}, [name, maxQuantity])
	return ({ formData }: { formData: FormData }): Submission<FormFields<N>> =>
		validator
			? validator(formData)
			: (parse(formData, { resolve: (value) => ({ value }) }) as Submission<FormFields<N>>)
}

type UseFormOptions<N extends FormName> = Omit<
	NonNullable<Parameters<typeof useForm<FormFields<N>>>[0]>,
	'onValidate'
>

/**
 * conform's `useForm` for a form of the registry, validated the site's one way: on blur, then
 * again as the visitor types, with the form's own schema once it has loaded.
 */
export function useValidatedForm<N extends FormName>(
	name: N,
	{ schemaOptions, ...options }: UseFormOptions<N> & { schemaOptions?: FormOptions },
) {
	const onValidate = useFormValidator(name, schemaOptions)
	return useForm<FormFields<N>>({
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		...options,
		onValidate,
	})
}
