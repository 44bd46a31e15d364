import { type Fetcher, type Navigation, useFormAction, useNavigation } from '@remix-run/react'
import type { ButtonHTMLAttributes } from 'react'
import { type ButtonVariant, buttonClasses } from '~/components/button-classes'
import { Icon } from '~/components/icons'
import { t } from '~/utils/i18n'

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
	/** Shows the loading state: a spinner, "Loading" for screen readers, and no second click. */
	pending?: boolean
	variant?: ButtonVariant
}

/**
 * A button with a loading state (SPEC §4). While pending it stays focusable (aria-disabled
 * rather than disabled, so keyboard users keep their place) but ignores clicks.
 */
export function Button({
	pending = false,
	variant = 'primary',
	className = '',
	children,
	onClick,
	type = 'button',
	...props
}: ButtonProps) {
	return (
		<button
			{...props}
			type={type}
			aria-disabled={pending || props['aria-disabled'] || undefined}
			data-pending={pending ? '' : undefined}
			onClick={(event) => {
				if (pending) event.preventDefault()
				else onClick?.(event)
			}}
			className={buttonClasses(variant, className)}
		>
			{pending ? <Icon name="spinner" className="h-4 w-4 motion-safe:animate-spin" /> : null}
			{children}
			{pending ? <span className="sr-only"> ({t('loading')})</span> : null}
		</button>
	)
}

/**
 * Whether a form submission is under way: to `formAction` (default: this route's action), by
 * a click or an automatic submit (`useSubmit`), or through the given fetcher.
 */
function useIsPending({
	formAction,
	formMethod,
	fetcher,
}: {
	formAction?: string
	formMethod?: string
	fetcher?: Pick<Fetcher, 'state'>
} = {}): boolean {
	const navigation = useNavigation()
	const action = useFormAction(formAction)
	if (fetcher) return fetcher.state !== 'idle'
	return isSubmittingTo(navigation, action, formMethod)
}

/** Whether the navigation under way submits to this action (and method, when given). */
export function isSubmittingTo(
	navigation: Pick<Navigation, 'state' | 'formAction' | 'formMethod'>,
	action: string,
	method?: string,
): boolean {
	if (navigation.state === 'idle' || !navigation.formAction) return false
	const samePath = navigation.formAction.split('?')[0] === action.split('?')[0]
	return samePath && (!method || navigation.formMethod?.toUpperCase() === method.toUpperCase())
}

/** A submit button that shows the loading state while its form is submitting. */
export function SubmitButton({
	formAction,
	fetcher,
	pending,
	...props
}: ButtonProps & { fetcher?: Pick<Fetcher, 'state'> }) {
	const submitting = useIsPending({ formAction, fetcher })
	return <Button type="submit" formAction={formAction} pending={pending ?? submitting} {...props} />
}
