/**
 * Toasts (SPEC §4, §9): short messages that open, close by themselves or by hand, and are
 * removed once closed. Raised in the browser with `toast()`, or by a server action through the
 * flash cookie (http/toast.server.ts), which also works without JavaScript.
 */
export const TOAST_DURATION_MS = 5000
/** How long the closing animation runs before a closed toast leaves the DOM. */
const TOAST_EXIT_MS = 200

type ToastType = 'info' | 'success' | 'error'
export type ToastPosition = 'bottom-right' | 'bottom-left' | 'top-right' | 'top-left'

export type ToastInput = {
	title: string
	description?: string
	type?: ToastType
	/** Milliseconds before it closes by itself; 0 keeps it open until closed. */
	duration?: number
	id?: string
}

export type Toast = Required<Omit<ToastInput, 'description'>> & {
	description?: string
	open: boolean
}

type Listener = () => void

let toasts: Toast[] = []
const listeners = new Set<Listener>()
let counter = 0

function emit(next: Toast[]) {
	toasts = next
	for (const listener of listeners) listener()
}

export const toastStore = {
	subscribe(listener: Listener) {
		listeners.add(listener)
		return () => listeners.delete(listener)
	},
	getToasts: () => toasts,
}

/** Opens a toast and returns its id. A toast with the id of an open one is not shown twice. */
export function toast(input: ToastInput): string {
	const id = input.id ?? `toast-${++counter}`
	if (toasts.some((existing) => existing.id === id)) return id
	emit([
		...toasts,
		{
			id,
			title: input.title,
			description: input.description,
			type: input.type ?? 'info',
			duration: input.duration ?? TOAST_DURATION_MS,
			open: true,
		},
	])
	return id
}

/** Closes a toast; it is removed from the list once its closing animation has run. */
export function dismissToast(id: string, exitMs = TOAST_EXIT_MS) {
	const found = toasts.find((existing) => existing.id === id)
	// SPEC §8's console-only warning: closing something that is not (or no longer) on the page.
	if (!found) console.warn('Overlay not found', id)
	if (!found?.open) return
	emit(toasts.map((existing) => (existing.id === id ? { ...existing, open: false } : existing)))
	setTimeout(() => emit(toasts.filter((existing) => existing.id !== id)), exitMs)
}
