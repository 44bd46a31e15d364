import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import { useHydrated } from './use-hydrated'

function Probe() {
	return <p>{useHydrated() ? 'hydrated' : 'server'}</p>
}

test('is false on the server, so the server renders what works without JavaScript', () => {
	expect(renderToString(<Probe />)).toBe('<p>server</p>')
})
