/**
 * Validation as you type, without zod in the first load: the schemas arrive in a chunk
 * loaded after hydration. Until then (or if it fails to load) a submission goes to the server,
 * which validates with the same schema and answers with the same messages.
 */
import { parse, type Submission } from '@conform-to/react'
import { useEffect, useState } from 'react'

export type ValidatorName = 'signup' | 'interest' | 'onboarding' | 'survey'
// biome-ignore lint/suspicious/noExplicitAny: each form's own value type, checked by its schema
type AnySubmission = Submission<any>
type Validator = (formData: FormData) => AnySubmission

let loading: Promise<Record<ValidatorName, Validator>> | null = null

function loadValidators() {
	loading ??= import('./form-validators').then(
		(module) => module.validators as unknown as Record<ValidatorName, Validator>,
	)
	return loading
}

/** The `onValidate` for conform's useForm. */
export function useFormValidator(name: ValidatorName) {
	const [validator, setValidator] = useState<Validator | null>(null)
	useEffect(() => {
		let active = true
		loadValidators().then(
			(validators) => {
				if (active) setValidator(() => validators[name])
			},
			() => {
				loading = null
			},
		)
		return () => {
			active = false
		}
	}, [name])
	return ({ formData }: { formData: FormData }): AnySubmission =>
		validator
			? validator(formData)
			: (parse(formData, { resolve: (value) => ({ value }) }) as AnySubmission)
}
