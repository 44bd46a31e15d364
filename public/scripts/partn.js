/*
 * Partner programme loader (SPEC §7). The site includes it only when PARTNERO_PROGRAM_ID is
 * set, as <script src="/scripts/partn.js" data-program-id="..."> with the page's CSP nonce.
 * It defines the vendor's `po` command queue, then loads the vendor's script, which replays it.
 */
;(() => {
	const me = document.currentScript
	const programId = me?.getAttribute('data-program-id')
	if (!programId) return
	const w = window
	if (!w.po) {
		const queue = []
		w.__partnerObject = 'po'
		w.po = (...args) => {
			queue.push(args)
		}
		w.po.q = queue
	}
	w.po('settings', 'assets_host', 'https://assets.partnero.com')
	w.po('program', programId, 'load')
	const script = document.createElement('script')
	script.async = true
	script.src = 'https://app.partnero.com/js/universal.js'
	if (me.nonce) script.nonce = me.nonce
	document.head.appendChild(script)
})()
