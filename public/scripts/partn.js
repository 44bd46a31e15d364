/*
 * Partner programme loader (SPEC §7). The site includes it only when PARTNERO_PROGRAM_ID is
 * set, as <script src="/scripts/partn.js" data-program-id="..."> with the page's CSP nonce.
 * It defines the vendor's `po` command queue, then loads the vendor's script, which replays it.
 */
;(() => {
	var me = document.currentScript
	var programId = me && me.getAttribute('data-program-id')
	if (!programId) return
	var w = window
	if (!w.po) {
		var queue = []
		w.__partnerObject = 'po'
		w.po = function () {
			queue.push(arguments)
		}
		w.po.q = queue
	}
	w.po('settings', 'assets_host', 'https://assets.partnero.com')
	w.po('program', programId, 'load')
	var script = document.createElement('script')
	script.async = true
	script.src = 'https://app.partnero.com/js/universal.js'
	if (me.nonce) script.nonce = me.nonce
	document.head.appendChild(script)
})()
