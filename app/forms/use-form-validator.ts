/**
 * Validation as you type, without zod in the first load (docs/decisions/004, 065): the registry
 * of schemas arrives in a chunk loaded after hydration. Until then (or if it fails to load) a
 * submission goes to the server, which validates with the same schema and answers with the
 * same messages.
 */
import { parse, type Submission } from '@conform-to/react'
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
export function useFormValidator<N extends FormName>(name: N, options: FormOptions = {}) {
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
