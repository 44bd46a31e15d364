/**
 * Behaviour for content rendered at build time. The HTML works without it; with scripts on,
 * tab sets become WAI-ARIA tabs (one panel at a time, arrow keys, Home, End) and code blocks get
 * a working "Copy code to clipboard" button. Safe to run twice on the same markup.
 */
import { t } from '~/utils/i18n'

let nextId = 0

function enhanceTabs(root: HTMLElement, signal: AbortSignal) {
	const tablist = root.querySelector<HTMLElement>(':scope > [role="tablist"]')
	const panels = [...root.querySelectorAll<HTMLElement>(':scope > [data-tab-panel]')]
	if (!tablist) return
	const tabs = [...tablist.querySelectorAll<HTMLButtonElement>('[role="tab"]')]
	if (tabs.length === 0 || tabs.length !== panels.length) return

	const prefix = root.dataset.tabsId ?? `content-tabs-${++nextId}`
	root.dataset.tabsId = prefix
	tabs.forEach((tab, index) => {
		const panel = panels[index]!
		tab.id = `${prefix}-tab-${index}`
		panel.id = `${prefix}-panel-${index}`
		tab.setAttribute('aria-controls', panel.id)
		panel.setAttribute('role', 'tabpanel')
		panel.setAttribute('aria-labelledby', tab.id)
		panel.tabIndex = 0
		// The tab names the panel now; its printed title was for reading without scripts.
		for (const title of panel.querySelectorAll<HTMLElement>(
			':scope > [data-tab-title], :scope > figure > [data-tab-title]',
		)) {
			title.hidden = true
		}
	})

	function select(index: number, focus: boolean) {
		tabs.forEach((tab, i) => {
			const selected = i === index
			tab.setAttribute('aria-selected', String(selected))
			tab.tabIndex = selected ? 0 : -1
			panels[i]!.hidden = !selected
		})
		if (focus) tabs[index]!.focus()
	}

	const current = tabs.findIndex((tab) => tab.getAttribute('aria-selected') === 'true')
	select(Math.max(0, current), false)
	tablist.hidden = false

	tabs.forEach((tab, index) => {
		tab.addEventListener('click', () => select(index, false), { signal })
	})
	tablist.addEventListener(
		'keydown',
		(event) => {
			const index = tabs.indexOf(document.activeElement as HTMLButtonElement)
			if (index < 0) return
			const last = tabs.length - 1
			const target = {
				ArrowRight: index === last ? 0 : index + 1,
				ArrowLeft: index === 0 ? last : index - 1,
				Home: 0,
				End: last,
			}[event.key]
			if (target === undefined) return
			event.preventDefault()
			select(target, true)
		},
		{ signal },
	)
}

const COPIED_FOR_MS = 2_000

function enhanceCopyButton(button: HTMLButtonElement, signal: AbortSignal) {
	const figure = button.closest('figure')
	const code = figure?.querySelector('pre code')
	const status = figure?.querySelector<HTMLElement>('[data-copy-status]')
	const label = button.querySelector<HTMLElement>('.sr-only')
	if (!code || !navigator.clipboard?.writeText) return
	button.hidden = false
	let timer: ReturnType<typeof setTimeout> | undefined
	button.addEventListener(
		'click',
		async () => {
			try {
				await navigator.clipboard.writeText(code.textContent ?? '')
				if (status) status.textContent = t('copiedToClipboard')
				if (label) label.textContent = t('copied')
			} catch {
				if (status) status.textContent = t('copyFailed')
			}
			clearTimeout(timer)
			timer = setTimeout(() => {
				if (status) status.textContent = ''
				if (label) label.textContent = t('copyCode')
			}, COPIED_FOR_MS)
		},
		{ signal },
	)
	signal.addEventListener('abort', () => clearTimeout(timer))
}

/** Enhances everything under `root`; returns a function that removes the listeners again. */
/**
 * Fills custom icon placeholders (`<span data-icon="set:name">`, docs/decisions/091) from the
 * local icon endpoint, then the public icon service when one is configured. The loader is a
 * chunk of its own, fetched only by pages that name such icons.
 */
async function loadCustomIcons(root: HTMLElement, service: string | null, signal: AbortSignal) {
	const placeholders = [...root.querySelectorAll<HTMLElement>('[data-icon]')].filter(
		(element) => !element.querySelector('svg'),
	)
	if (placeholders.length === 0) return
	const { LOCAL_ICON_ENDPOINT, loadIcons, safeIconBody } = await import('~/components/icon-loader')
	const sources = [LOCAL_ICON_ENDPOINT, ...(service ? [service] : [])]
	const icons = await loadIcons(
		placeholders.map((element) => element.dataset.icon!),
		sources,
	)
	if (signal.aborted) return
	for (const element of placeholders) {
		const icon = icons.get(element.dataset.icon!)
		const body = icon && safeIconBody(icon.body)
		if (!icon || !body) continue
		element.innerHTML = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${icon.width} ${icon.height}" width="100%" height="100%" focusable="false">${body}</svg>`
	}
}

export function enhanceContent(root: HTMLElement, iconService: string | null = null): () => void {
	const controller = new AbortController()
	void loadCustomIcons(root, iconService, controller.signal)
	for (const tabs of root.querySelectorAll<HTMLElement>('[data-tabs]')) {
		enhanceTabs(tabs, controller.signal)
	}
	for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-copy]')) {
		enhanceCopyButton(button, controller.signal)
	}
	return () => controller.abort()
}
