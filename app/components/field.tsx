/**
 * One labelled form field with its errors. Every form renders fields through this, so each
 * input says whether it is invalid (aria-invalid) and points at its message (aria-describedby),
 * with JavaScript or without (the server's errors arrive through conform's lastResult).
 */
import { type FieldMetadata, getInputProps, getTextareaProps } from '@conform-to/react'
import type { InputHTMLAttributes, ReactNode } from 'react'

const inputClasses =
	'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500 aria-[invalid=true]:border-red-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100'

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
	return (
		<div id={id} className="min-h-5 pt-1 text-sm text-red-700 dark:text-red-400">
			{errors?.length ? <p>{errors[0]}</p> : null}
		</div>
	)
}

// biome-ignore lint/suspicious/noExplicitAny: any form's field; the value type does not matter here
type AnyField = FieldMetadata<any, any, any>

type FieldProps = {
	meta: AnyField
	label: ReactNode
	type?: 'text' | 'email' | 'url'
	hint?: ReactNode
	inputProps?: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'name' | 'id'>
}

export function Field({ meta, label, type = 'text', hint, inputProps }: FieldProps) {
	const invalid = Boolean(meta.errors?.length)
	const hintId = hint ? `${meta.id}-hint` : undefined
	return (
		<div>
			<label htmlFor={meta.id} className="block text-sm font-medium">
				{label}
			</label>
			<input
				{...getInputProps(meta, { type, ariaAttributes: false })}
				{...inputProps}
				className={inputClasses}
				aria-invalid={invalid || undefined}
				aria-describedby={[hintId, meta.errorId].filter(Boolean).join(' ')}
			/>
			{hint ? (
				<p id={hintId} className="pt-1 text-sm text-slate-600 dark:text-slate-400">
					{hint}
				</p>
			) : null}
			<FieldErrors id={meta.errorId} errors={meta.errors} />
		</div>
	)
}

export function TextareaField({
	meta,
	label,
	rows = 4,
}: {
	meta: AnyField
	label: ReactNode
	rows?: number
}) {
	const invalid = Boolean(meta.errors?.length)
	return (
		<div>
			<label htmlFor={meta.id} className="block text-sm font-medium">
				{label}
			</label>
			<textarea
				{...getTextareaProps(meta, { ariaAttributes: false })}
				rows={rows}
				className={inputClasses}
				aria-invalid={invalid || undefined}
				aria-describedby={meta.errorId}
			/>
			<FieldErrors id={meta.errorId} errors={meta.errors} />
		</div>
	)
}
